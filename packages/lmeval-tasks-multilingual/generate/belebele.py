"""Belebele (Bandarkar et al. 2023): one task per FLORES language variant."""

from __future__ import annotations

from pathlib import Path

from _common import (
    ACC_NORM,
    Tree,
    group,
)

# ===================================================================================== belebele
# Bandarkar et al. 2023, arXiv:2308.16884; facebook/belebele, one config per language variant.
BELEBELE = (
    "acm_Arab afr_Latn als_Latn amh_Ethi apc_Arab arb_Arab arb_Latn ars_Arab ary_Arab arz_Arab asm_Beng "
    "azj_Latn bam_Latn ben_Beng ben_Latn bod_Tibt bul_Cyrl cat_Latn ceb_Latn ces_Latn ckb_Arab dan_Latn "
    "deu_Latn ell_Grek eng_Latn est_Latn eus_Latn fin_Latn fra_Latn fuv_Latn gaz_Latn grn_Latn guj_Gujr "
    "hat_Latn hau_Latn heb_Hebr hin_Deva hin_Latn hrv_Latn hun_Latn hye_Armn ibo_Latn ilo_Latn ind_Latn "
    "isl_Latn ita_Latn jav_Latn jpn_Jpan kac_Latn kan_Knda kat_Geor kaz_Cyrl kea_Latn khk_Cyrl khm_Khmr "
    "kin_Latn kir_Cyrl kor_Hang lao_Laoo lin_Latn lit_Latn lug_Latn luo_Latn lvs_Latn mal_Mlym mar_Deva "
    "mkd_Cyrl mlt_Latn mri_Latn mya_Mymr nld_Latn nob_Latn npi_Deva npi_Latn nso_Latn nya_Latn ory_Orya "
    "pan_Guru pbt_Arab pes_Arab plt_Latn pol_Latn por_Latn ron_Latn rus_Cyrl shn_Mymr sin_Latn sin_Sinh "
    "slk_Latn slv_Latn sna_Latn snd_Arab som_Latn sot_Latn spa_Latn srp_Cyrl ssw_Latn sun_Latn swe_Latn "
    "swh_Latn tam_Taml tel_Telu tgk_Cyrl tgl_Latn tha_Thai tir_Ethi tsn_Latn tso_Latn tur_Latn ukr_Cyrl "
    "urd_Arab urd_Latn uzn_Latn vie_Latn war_Latn wol_Latn xho_Latn yor_Latn zho_Hans zho_Hant zsm_Latn "
    "zul_Latn").split()


def belebele(tree: Tree) -> None:
    tree.write("belebele/_belebele_template_yaml", {
        "dataset_path": "facebook/belebele",
        "fewshot_config": {"sampler": "first_n"},
        "output_type": "multiple_choice",
        "should_decontaminate": True,
        "doc_to_decontamination_query": "{{question}}",
        "doc_to_text": "P: {{flores_passage}}\nQ: {{question.strip()}}\nA: {{mc_answer1}}\nB: {{mc_answer2}}\n"
                       "C: {{mc_answer3}}\nD: {{mc_answer4}}\nAnswer:",
        "doc_to_choice": ["A", "B", "C", "D"],
        "doc_to_target": "{{['1', '2', '3', '4'].index(correct_answer_num)}}",
        "metric_list": ACC_NORM,
        "metadata": {"version": 0.0},
    }, "Belebele: passage, question, four options, answer letter (few-shot from the test split, in order).")
    for cfg in BELEBELE:
        tree.write(f"belebele/belebele_{cfg}.yaml", {"include": "_belebele_template_yaml", "task": f"belebele_{cfg}",
                                                "dataset_name": cfg, "test_split": "test", "fewshot_split": "test"})
    tree.write("belebele/_belebele.yaml", group("belebele", [f"belebele_{c}" for c in BELEBELE],
                                          metrics=["acc", "acc_norm"], version=0.1))


FAMILIES = [belebele]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
