"""Global PIQA (Chang et al. 2025): physical commonsense in 116 language varieties, parallel
(four options) and non-parallel (two options) splits, each as cloze and as generation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Tree, group

# ================================================================================== global_piqa
# mrlbenchmarks/global-piqa-{parallel,nonparallel}, one config per language variety (test split).
PARALLEL = """
acm_arab acq_arab aeb_arab afb_arab als_latn amh_ethi apc_arab_jord apc_arab_leba apc_arab_pale apc_arab_syri
arb_arab arq_arab ars_arab ary_arab arz_arab azj_latn bam_latn bcc_arab bel_cyrl ben_beng ben_latn bgc_deva
bho_deva bra_deva bul_cyrl bxr_cyrl cat_latn ceb_latn ces_latn ckm_latn cls_deva cmn_hans cmn_hant dan_latn
deu_latn dhd_deva ekk_latn ekp_latn ell_grek eng_latn eus_latn fao_latn fin_latn fra_latn_cana fra_latn_fran
glg_latn guj_gujr hau_latn haw_latn heb_hebr hin_deva hin_latn hrv_latn hun_latn hye_armn ibo_latn idu_latn
ilo_latn ind_latn isl_latn iso_latn ita_latn jav_latn jpn_jpan kan_knda kan_latn kat_geor kin_latn kir_cyrl
kor_hang lin_latn lit_latn mag_deva mal_mlym mar_deva mkd_cyrl mni_beng nag_latn nld_latn nno_latn nob_latn
npi_deva ory_orya pan_guru pcm_latn pes_arab plt_latn pol_latn por_latn_braz por_latn_port ron_latn rus_cyrl
rwr_deva sin_latn sin_sinh slk_latn slk_latn_sari slv_latn slv_latn_cerk slv_latn_prle snd_arab snd_deva
spa_latn_mexi spa_latn_peru spa_latn_spai srp_cyrl srp_cyrl_torl srp_latn srp_latn_torl swe_latn swh_latn
swv_deva tam_latn tam_taml tel_latn tel_telu tgl_latn tha_thai tur_latn uig_arab ukr_cyrl urd_arab urd_latn
urh_latn uzn_latn vie_latn xho_latn yor_latn yue_hant zsm_latn zul_latn
""".split()
NONPARALLEL = """
acm_arab acq_arab aeb_arab afb_arab als_latn amh_ethi apc_arab_jord apc_arab_leba apc_arab_pale apc_arab_syri
arb_arab arq_arab ars_arab ary_arab arz_arab asm_beng azj_latn bam_latn bcc_arab bel_cyrl ben_beng ben_latn
bgc_deva bho_deva bos_latn bra_deva bsk_arab btx_latn bul_cyrl cat_latn ces_latn ckb_arab ckm_latn cls_deva
cmn_hans cmn_hant dan_latn deu_latn dhd_deva dje_latn ekk_latn ekp_latn ell_grek eng_latn eus_latn fao_latn
fin_latn fra_latn_cana fra_latn_fran glg_latn guj_gujr hau_latn haw_latn heb_hebr hin_deva hin_latn hrv_latn
hun_latn hye_armn ibo_latn idu_latn ind_latn isl_latn iso_latn ita_latn jav_latn jpn_jpan kan_knda kan_latn
kat_geor kaz_cyrl kin_latn kir_cyrl kor_hang lin_latn lit_latn luo_latn mal_mlym mar_deva mkd_cyrl mni_beng
mni_mtei nag_latn nld_latn nno_latn nob_latn npi_deva ory_orya pan_guru pcm_latn pes_arab plt_latn pol_latn
por_latn_braz por_latn_port ron_latn rus_cyrl rwr_deva sin_latn sin_sinh slk_latn slk_latn_sari slv_latn
slv_latn_cerk slv_latn_prle snd_arab snd_deva spa_latn_mexi spa_latn_peru spa_latn_spai srp_cyrl srp_cyrl_torl
srp_latn srp_latn_torl sun_latn swe_latn swh_latn swv_deva tam_latn tam_taml tel_latn tel_telu tgl_latn
tha_thai tur_latn uig_arab ukr_cyrl urd_arab urd_latn urh_latn uzn_latn vie_latn yor_latn yue_hant zsm_latn
zul_latn
""".split()
SPLITS = {"parallel": (PARALLEL, "ABCD"), "nonparallel": (NONPARALLEL, "AB")}
CLOZE_METRICS = ["acc", "acc_norm", "acc_bytes"]


def _answer_regex(letters: str) -> str:
    span = f"{letters[0]}-{letters[-1]}"
    return (f"[Tt]he (?:[Bb]est [Aa]nswer|[Ff]inal [Aa]nswer|[Aa]nswer)[^{span}]*([{span}])|"
            f"[Aa]nswer\\s*:[^{span}]*([{span}])|\\\\boxed\\{{([{span}])\\}}")


def _generation_prompt(split: str, letters: str) -> str:
    options = "".join(f"\n\nOption {x}: {{{{solution{i}}}}}" for i, x in enumerate(letters))
    listed = "one of A, B, C, or D" if len(letters) == 4 else "one of A or B"
    end = (f"\n\nYour response should end with \"The best answer is: [answer_letter]\" where [answer_letter] "
           f"is {listed}.")
    if split == "parallel":
        return "{{prompt}}" + options + end
    return ("Given the following situation, which option is more likely to be correct?\n\nSituation:\n"
            "{{prompt}} ..." + options + end)


def _cloze(split: str, letters: str) -> dict[str, Any]:
    return {
        "dataset_path": f"mrlbenchmarks/global-piqa-{split}", "output_type": "multiple_choice",
        "test_split": "test", "doc_to_text": "prompt", "doc_to_target": "label",
        "doc_to_choice": "{{[" + ", ".join(f"solution{i}" for i in range(len(letters))) + "]}}",
        "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in CLOZE_METRICS],
        "metadata": {"version": 1.0},
    }


def _generation(split: str, letters: str) -> dict[str, Any]:
    return {
        "dataset_path": f"mrlbenchmarks/global-piqa-{split}", "output_type": "generate_until",
        "test_split": "test", "doc_to_text": _generation_prompt(split, letters),
        "doc_to_target": "{{" + repr(list(letters)) + "[label]}}",
        "generation_kwargs": {"do_sample": True, "temperature": 0.8, "top_p": 0.95, "max_gen_toks": 2048,
                              "until": []},
        "filter_list": [{"name": "strict_match", "filter": [
            {"function": "regex", "regex_pattern": _answer_regex(letters), "group_select": -1},
            {"function": "take_first"}]}],
        "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                         "ignore_case": True, "ignore_punctuation": True}],
    }


def global_piqa(tree: Tree) -> None:
    for fmt, metrics in (("cloze", CLOZE_METRICS), ("generation", ["exact_match"])):
        for split, (langs, letters) in SPLITS.items():
            name = f"global_piqa_{split}_{fmt}"
            tree.write(f"global_piqa/{split}_{fmt}/_template",
                       _cloze(split, letters) if fmt == "cloze" else _generation(split, letters))
            for lang in langs:
                tree.write(f"global_piqa/{split}_{fmt}/{lang}.yaml",
                           {"dataset_name": lang, "include": "_template", "task": f"{name}_{lang}"})
            tree.write(f"global_piqa/{split}_{fmt}/_{name}.yaml",
                       group(name, [{"task": f"{name}_{lang}", "task_alias": lang} for lang in langs],  # type: ignore[misc]
                             metrics=metrics, weight_by_size=False))
        tree.write(f"global_piqa/_global_piqa_{fmt}.yaml",
                   group(f"global_piqa_{fmt}", [f"global_piqa_{s}_{fmt}" for s in SPLITS], metrics=metrics,
                         weight_by_size=False))


FAMILIES = [global_piqa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
