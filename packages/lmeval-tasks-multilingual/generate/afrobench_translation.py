"""AfroBench's machine-translation families (run by generate/regenerate.py): FLORES-200,
NTREX-128, SALT and MAFAND-MT, each in both directions with three prompts, under lm-eval 0.4.13's
names (tasks ``<family>_<source>-<target>_prompt_<n>``, groups ``african_flores``, ``african_ntrex``,
``salt``, ``mafand``, tag ``afrobench_MT_tasks`` over all four). Scored by corpus BLEU and chrF
(sacrebleu, as lm-eval).

lm-eval's four groups average ``acc``, which no translation task reports, so they print no group
score; kept as they are (the task scores are the result)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    Fn,
    Tree,
    group,
)

MT_METRICS = [{"metric": m, "aggregation": m, "higher_is_better": True} for m in ("bleu", "chrf")]
GREEDY = {"do_sample": False, "temperature": 0.0}
DIRECTIONS = {"afr-eng": "african-english", "eng-afr": "english-african"}  # tag infix → folder

# FLORES-200 (NLLB Team 2022, arXiv:2207.04672), facebook/flores pair configs "<code>-eng_Latn" /
# "eng_Latn-<code>": 62 African and neighbouring languages (code → name in the prompts).
FLORES_LANGS = {
    "ace_Arab": "Acehnese (Arabic script)", "ace_Latn": "Acehnese (Latin script)",
    "acq_Arab": "Ta’izzi-Adeni Arabic", "aeb_Arab": "Tunisian Arabic", "afr_Latn": "Afrikaans", "aka_Latn": "Akan",
    "amh_Ethi": "Amharic", "ary_Arab": "Moroccan Arabic", "arz_Arab": "Egyptian Arabic", "bam_Latn": "Bambara",
    "ban_Latn": "Balinese", "bem_Latn": "Bemba", "cjk_Latn": "Chokwe", "dik_Latn": "Southwestern Dinka",
    "dyu_Latn": "Dyula", "ewe_Latn": "Ewe", "fon_Latn": "Fon", "fra_Latn": "French", "fuv_Latn": "Nigerian Fulfulde",
    "gaz_Latn": "Oromo", "hau_Latn": "Hausa", "ibo_Latn": "Igbo", "kab_Latn": "Kabyle", "kam_Latn": "Kamba",
    "kbp_Latn": "Kabiyè", "kea_Latn": "Kabuverdianu", "kik_Latn": "Kikuyu", "kin_Latn": "Kinyarwanda",
    "kmb_Latn": "Kimbundu", "knc_Arab": "Central Kanuri (Arabic script)", "knc_Latn": "Central Kanuri (Latin script)",
    "kon_Latn": "Kikongo", "lin_Latn": "Lingala", "lua_Latn": "Luba-Kasai", "lug_Latn": "Luganda", "luo_Latn": "Luo",
    "mos_Latn": "Mossi", "nso_Latn": "Northern Sotho", "nus_Latn": "Nuer", "nya_Latn": "Nyanja",
    "plt_Latn": "Plateau Malagasy", "run_Latn": "Rundi", "sag_Latn": "Sango", "sna_Latn": "Shona",
    "som_Latn": "Somali", "sot_Latn": "Southern Sotho", "ssw_Latn": "Swati", "sun_Latn": "Sundanese",
    "swh_Latn": "Swahili", "taq_Latn": "Tamasheq", "taq_Tfng": "Tamasheq (Tifinagh script)", "tir_Ethi": "Tigrinya",
    "tsn_Latn": "Setswana", "tso_Latn": "Tsonga", "tum_Latn": "Tumbuka", "twi_Latn": "Twi",
    "tzm_Tfng": "Central Atlas Tamazight", "umb_Latn": "Umbundu", "wol_Latn": "Wolof", "xho_Latn": "Xhosa",
    "yor_Latn": "Yoruba", "zul_Latn": "Zulu",
}

# NTREX-128 (Federmann et al. 2022), masakhane/ntrex_african: one config per language, split test
# (also the few-shot split), columns sentence_eng_Latn and sentence_<code>.
NTREX_LANGS = {
    "afr_Latn": "Afrikaans", "amh_Ethi": "Amharic", "arb_Arab": "Arabic", "bem_Latn": "Bemba", "ewe_Latn": "Ewe",
    "fra_Latn": "French", "hau_Latn": "Hausa", "ibo_Latn": "Igbo", "kin_Latn": "Kinyarwanda",
    "mey_Arab": "Hassaniya Arabic", "mlg_Latn": "Malagasy", "msa_Latn": "Malay", "nde_Latn": "North Ndebele",
    "nso_Latn": "Northern Sotho", "nya_Latn": "Chichewa", "orm_Ethi": "Oromo", "shi_Arab": "Tachelhit",
    "sna_Latn": "Shona (Latin)", "som_Latn": "Somali", "ssw_Latn": "Swati", "swa_Latn": "Swahili",
    "tam_Taml": "Tamil", "tel_Telu": "Telugu", "tir_Ethi": "Tigrinya", "ton_Latn": "Tongan", "tsn_Latn": "Tswana",
    "urd_Arab": "Urdu", "ven_Latn": "Venda", "wol_Latn": "Wolof", "xho_Latn": "Xhosa", "yor_Latn": "Yoruba",
    "zul_Latn": "Zulu",
}

# SALT (Sunbird AI's SALT dataset; Akera et al. 2022, AfricaNLP), Sunbird/salt config text-all: English sentences
# (eng_source_text, eng_target_text) with their translations in <code>_text; splits dev and test.
SALT_LANGS = {"lug": "Luganda", "ach": "Acholi", "lgg": "Lugbara", "teo": "Ateso", "nyn": "Runyankole",
              "swa": "Swahili", "ibo": "Igbo"}

# MAFAND-MT (Adelani et al. 2022, arXiv:2205.02022), masakhane/mafand: news translation between an
# African language and English (or French): code → pivot; config "<pivot>-<code>".
MAFAND_PIVOTS = {
    "amh": "en", "bam": "fr", "bbj": "fr", "ewe": "fr", "fon": "fr", "hau": "en", "ibo": "en", "kin": "en",
    "lug": "en", "luo": "en", "mos": "fr", "nya": "en", "pcm": "en", "sna": "en", "swa": "en", "tsn": "en",
    "twi": "en", "wol": "fr", "xho": "en", "yor": "en", "zul": "en",
}


def mt_prompt(prompt: int, lang: str, source: str, english: str, into_english: bool, *,
              label: str = "", stop: str = "") -> str:
    """FLORES/NTREX/SALT prompt ``prompt`` between ``lang`` (its English name) and English; ``source``
    and ``english`` are the two source columns, ``label`` follows each language name (SALT's
    " sentence"), ``stop`` ends SALT's prompt-3 instruction."""
    src, tgt = (lang, "English") if into_english else ("English", lang)
    head = {1: "",
            2: f"You are a translation expert. Translate the following {src} sentences to {tgt}{stop} \n",
            3: f"As a {lang} and English linguist, translate the following {src} sentences to {tgt}{stop} \n"}[prompt]
    gap = "\n" if into_english and prompt > 1 else " \n"
    column = source if into_english else english
    return f"{head}{src}{label}: {{{{{column}}}}}{gap}{tgt}{label}: "


def template(tags: list[str], dataset: dict[str, Any], splits: tuple[str, str, str], until: list[str],
             repeats: bool = True, fields: dict[str, Any] | None = None) -> dict[str, Any]:
    """A prompt folder's include template: ``splits`` is (validation = few-shot, test)."""
    validation, fewshot, test = splits
    out: dict[str, Any] = {"tag": tags, **dataset, "output_type": "generate_until", "validation_split": validation,
                           "fewshot_split": fewshot, "test_split": test, **(fields or {}),
                           "metric_list": MT_METRICS, "generation_kwargs": {"until": until, **GREEDY}}
    if repeats:
        out["repeats"] = 1
    out["metadata"] = {"version": 1.0}
    return out


def _six(family: str) -> list[str]:
    return [f"{family}_{d}_prompt_{p}" for d in ("eng-afr", "afr-eng") for p in range(1, 4)]


def flores(tree: Tree) -> None:
    dataset = {"dataset_path": "facebook/flores", "dataset_kwargs": {"trust_remote_code": True}}
    for prompt in range(1, 4):
        for direction, folder_name in DIRECTIONS.items():
            folder = f"afrobench/flores/prompt_{prompt}/{folder_name}"
            tree.write(f"{folder}/flores", template(
                ["african_flores_tasks", f"flores_{direction}", f"flores_{direction}_prompt_{prompt}",
                 "afrobench_MT_tasks"], dataset, ("dev", "dev", "devtest"), ["**", "</s>"]))
            into_english = direction == "afr-eng"
            for code, name in FLORES_LANGS.items():
                pair = f"{code}-eng_Latn" if into_english else f"eng_Latn-{code}"
                tree.write(f"{folder}/flores_{pair}.yaml", {
                    "include": "flores", "task": f"flores_{pair}_prompt_{prompt}", "dataset_name": pair,
                    "doc_to_target": "sentence_eng_Latn" if into_english else f"sentence_{code}",
                    "doc_to_text": mt_prompt(prompt, name, f"sentence_{code}", "sentence_eng_Latn", into_english)})
    tree.write("afrobench/flores/flores.yaml", group("african_flores", _six("flores"), metrics=["acc"], version=1))


def ntrex(tree: Tree) -> None:
    for prompt in range(1, 4):
        for direction, folder_name in DIRECTIONS.items():
            folder = f"afrobench/ntrex/prompt_{prompt}/{folder_name}"
            tags = ["ntrex_tasks"] if prompt == 1 else []
            tree.write(f"{folder}/ntrex", template(
                tags + [f"ntrex_{direction}", f"ntrex_{direction}_prompt_{prompt}", "afrobench_MT_tasks"],
                {"dataset_path": "masakhane/ntrex_african"}, ("test", "test", "test"), ["\n"]))
            into_english = direction == "afr-eng"
            for code, name in NTREX_LANGS.items():
                pair = f"{code}-eng_Latn" if into_english else f"eng_Latn-{code}"
                tree.write(f"{folder}/ntrex_{pair}.yaml", {
                    "include": "ntrex", "task": f"ntrex_{pair}_prompt_{prompt}", "dataset_name": code,
                    "doc_to_target": "sentence_eng_Latn" if into_english else f"sentence_{code}",
                    "doc_to_text": mt_prompt(prompt, name, f"sentence_{code}", "sentence_eng_Latn", into_english)})
    tree.write("afrobench/ntrex/ntrex.yaml", group("african_ntrex", _six("ntrex"), metrics=["acc"], version=1))


def salt(tree: Tree) -> None:
    for prompt in range(1, 4):
        folder = f"afrobench/salt/prompt_{prompt}"
        tree.write(f"{folder}/salt", template(["salt_tasks", f"salt_prompt_{prompt}", "afrobench_MT_tasks"],
                                         {"dataset_path": "Sunbird/salt"}, ("dev", "dev", "test"), ["\n"],
                                         repeats=False))
        stop = "." if prompt == 3 else ""
        for code, name in SALT_LANGS.items():
            for into_english in (True, False):
                pair = f"{code}-eng" if into_english else f"eng-{code}"
                tree.write(f"{folder}/salt_{pair}.yaml", {
                    "include": "salt", "task": f"salt_{pair}_prompt_{prompt}", "dataset_name": "text-all",
                    "doc_to_target": "eng_target_text" if into_english else f"{code}_text",
                    "doc_to_text": mt_prompt(prompt, name, f"{code}_text", "eng_source_text", into_english,
                                             label=" sentence", stop=stop)})
    tree.write("afrobench/salt/salt.yaml", group("salt", [f"salt_prompt_{p}" for p in range(1, 4)], metrics=["acc"],
                                            version=1))


MAFAND_UTILS = '''"""MAFAND-MT prompts and targets (lmeval_tasks_multilingual.mafand)."""

from lmeval_tasks_multilingual.mafand import (
    african_target,
    from_pivot_prompt_1,
    from_pivot_prompt_2,
    from_pivot_prompt_3,
    into_pivot_prompt_1,
    into_pivot_prompt_2,
    pivot_target,
)

__all__ = ["african_target", "from_pivot_prompt_1", "from_pivot_prompt_2", "from_pivot_prompt_3",
           "into_pivot_prompt_1", "into_pivot_prompt_2", "pivot_target"]
'''


def mafand(tree: Tree) -> None:

    dataset = {"dataset_path": "masakhane/mafand", "dataset_kwargs": {"trust_remote_code": True}}
    for prompt in range(1, 4):
        for direction, folder_name in DIRECTIONS.items():
            folder = f"afrobench/mafand/prompt_{prompt}/{folder_name}"
            into_pivot = direction == "afr-eng"
            # lm-eval's prompt 3 into the pivot names prompt 2's text function; kept
            text = (f"into_pivot_prompt_{min(prompt, 2)}" if into_pivot else f"from_pivot_prompt_{prompt}")
            fields = {"doc_to_target": Fn("utils.pivot_target" if into_pivot else "utils.african_target"),
                      "doc_to_text": Fn(f"utils.{text}")}
            tree.write(f"{folder}/mafand", template(
                ["mafand_tasks", f"mafand_{direction}", f"mafand_{direction}_prompt_{prompt}", "afrobench_MT_tasks"],
                dataset, ("validation", "validation", "test"), ["\n"], fields=fields))
            for code, pivot in MAFAND_PIVOTS.items():
                pair = f"{code}-{pivot}" if into_pivot else f"{pivot}-{code}"
                tree.write(f"{folder}/mafand_{pair}.yaml", {"include": "mafand", "task": f"mafand_{pair}_prompt_{prompt}",
                                                       "dataset_name": f"{pivot}-{code}"})
            tree.write_python(f"{folder}/utils.py", MAFAND_UTILS)
    tree.write("afrobench/mafand/mafand.yaml", group("mafand", _six("mafand"), metrics=["acc"], version=1))


FAMILIES = [flores, ntrex, salt, mafand]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
