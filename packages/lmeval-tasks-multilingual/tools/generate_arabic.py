"""The Arabic families of lmeval-tasks-multilingual (called by tools/generate_tasks.py).

ArabCulture (MCQ and completion), AExams, the Open Arabic LLM Leaderboard (complete and light)
and AraDiCE, with lm-eval 0.4.13's task, group and tag names, prompts, splits and metrics.
"""

from __future__ import annotations

from typing import Any

import generate_tasks as gt
from generate_tasks import Fn, group, write

ACC_ACC_NORM = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True},
                {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}]
FIRST_N = {"sampler": "first_n"}


def utils_module(folder: str, doc: str, source: str, names: list[str]) -> None:
    """A task folder's ``utils.py``: re-exports of the pack module that implements them."""
    body = [f'"""{doc}"""', "", f"from lmeval_tasks_multilingual.{source} import (",
            *[f"    {n}," for n in names], ")", "", f"__all__ = {names!r}", ""]
    (gt.ROOT / folder / "utils.py").write_text("\n".join(body), encoding="utf-8")


# ================================================================================ arab_culture
# Sadallah et al. 2025, arXiv:2502.12788. Thirteen countries in four regions; the MCQ variant
# scores the answer key after the listed options, the completion variant the option texts.
ARAB_CULTURE_COUNTRIES = {  # country: region (lm-eval's order)
    "KSA": "Gulf", "UAE": "Gulf", "Yemen": "Gulf", "Lebanon": "Levant", "Syria": "Levant",
    "Palestine": "Levant", "Jordan": "Levant", "Tunisia": "North Africa", "Algeria": "North Africa",
    "Morocco": "North Africa", "Libya": "North Africa", "Egypt": "Nile Valley", "Sudan": "Nile Valley",
}
ARAB_CULTURE_REGIONS = ["Gulf", "Levant", "North Africa", "Nile Valley"]


def _slug(name: str) -> str:
    return name.lower().replace(" ", "_")


def arab_culture() -> None:
    for folder, path, kind in (("arab_culture", "MBZUAI/ArabCulture", "mcq"),
                               ("arab_culture_completion", "boda/arabic_cluture", "completion")):
        template = f"_default_{folder}_template_yaml"
        write(f"{folder}/{template}", {
            "dataset_path": path, "test_split": "test", "fewshot_split": "test", "fewshot_config": FIRST_N,
            "output_type": "multiple_choice", "doc_to_text": Fn("utils.doc_to_text"),
            "doc_to_choice": Fn("utils.doc_to_choice"), "doc_to_target": Fn("utils.doc_to_target"),
            "target_delimiter": "", "metric_list": ACC_ACC_NORM, "metadata": {"version": 0.0},
        }, "ArabCulture: the COUNTRY, REGION, ARABIC and MODEL_NAME environment variables change the\n"
           "prompt as in lm-eval (see lmeval_tasks_multilingual/arab_culture.py).")
        for country, region in ARAB_CULTURE_COUNTRIES.items():
            write(f"{folder}/{folder}_{_slug(country)}.yaml", {
                "include": template, "tag": f"{folder}_{_slug(region)}_tasks", "task": f"{folder}_{_slug(country)}",
                "task_alias": country, "dataset_name": country})
        for region in ARAB_CULTURE_REGIONS:
            spec = group(f"{folder}_{_slug(region)}", [f"{folder}_{_slug(region)}_tasks"], version=0)
            spec["group_alias"] = region
            spec["aggregate_metric_list"] = [{"metric": "acc", "aggregation": "mean", "weight_by_size": True}]
            write(f"{folder}/_{folder}_{_slug(region)}.yaml", spec)
        spec = group(folder, [f"{folder}_{_slug(r)}" for r in ARAB_CULTURE_REGIONS], metrics=["acc"], version=0)
        write(f"{folder}/_{folder}.yaml", spec)
        names = ["doc_to_text", "doc_to_choice", "doc_to_target"]
        body = [f'"""ArabCulture ({kind}): prompt, choices and target."""', "",
                "from lmeval_tasks_multilingual.arab_culture import (",
                *[f"    {kind}_{n} as {n}," for n in names], ")", "", f"__all__ = {names!r}", ""]
        (gt.ROOT / folder / "utils.py").write_text("\n".join(body), encoding="utf-8")


# ====================================================================================== aexams
# Arabic EXAMS (Hennara/aexams): school exam questions, four options, Arabic answer cue.
AEXAMS = {  # subject: description
    "Biology": "قم بالإجابة على مايلي في مجال العلوم الحيوية\n\n",
    "IslamicStudies": "قم بالإجابة على مايلي في مجال العلوم الإسلامية \n\n",
    "Physics": "قم بالإجابة على مايلي في مجال الفيزياء \n\n",
    "Science": "قم بالإجابة على مايلي في مجال العلوم \n\n",
    "Social": "قم بالإجابة على مايلي في مجال العلوم الإجتماعية \n\n",
}


def aexams() -> None:
    write("aexams/_default_template_yaml", {
        "dataset_path": "Hennara/aexams", "test_split": "test", "fewshot_split": "dev", "fewshot_config": FIRST_N,
        "output_type": "multiple_choice",
        "doc_to_text": "{{question.strip()}}\nA. {{A}}\nB. {{B}}\nC. {{C}}\nD. {{D}}\nالجواب：",
        "doc_to_choice": ["A", "B", "C", "D"], "doc_to_target": "{{['A', 'B', 'C', 'D'].index(answer)}}",
        "metric_list": ACC_ACC_NORM, "metadata": {"version": 1.0},
    }, "AExams: the answer cue ends with a full-width colon (U+FF1A), as lm-eval ships it.")
    for subject, description in AEXAMS.items():
        write(f"aexams/aexams_{subject}.yaml", {"dataset_name": subject, "description": description,
                                                "include": "_default_template_yaml", "task": f"aexams_{subject}"})
    write("aexams/_aexams.yaml", group("aexams", [f"aexams_{s}" for s in AEXAMS], metrics=["acc", "acc_norm"]))


# ========================================================================= arabic_leaderboard_*
# Open Arabic LLM Leaderboard (OALL, Elfilali et al. 2024): AlGhafa native and translated sets,
# Arabic EXAMS, Arabic MMLU, ACVA. "light" reads arcee-globe's 10% samples of the same data.
ALGHAFA_NATIVE = ["mcq_exams_test_ar", "meta_ar_dialects", "meta_ar_msa", "multiple_choice_facts_truefalse_balanced_task",
                  "multiple_choice_grounded_statement_soqal_task",
                  "multiple_choice_grounded_statement_xglue_mlqa_task",
                  "multiple_choice_rating_sentiment_no_neutral_task", "multiple_choice_rating_sentiment_task",
                  "multiple_choice_sentiment_task"]
ALGHAFA_TRANSLATED = {  # task suffix: (dataset config, processor)
    "arc_challenge": ("arc_challenge_okapi_ar", "numbered"), "arc_easy": ("arc_easy_ar", "numbered"),
    "boolq": ("boolq_ar", "boolq"), "copa": ("copa_ext_ar", "copa"), "hellaswag": ("hellaswag_okapi_ar", "hellaswag"),
    "mmlu": ("mmlu_okapi_ar", "numbered"), "openbook_qa": ("openbook_qa_ext_ar", "numbered"),
    "piqa": ("piqa_ar", "numbered"), "race": ("race_ar", "numbered"), "sciq": ("sciq_ar", "sciq"),
    "toxigen": ("toxigen_ar", "toxigen"),
}
OALL_MMLU = (
    "abstract_algebra anatomy astronomy business_ethics clinical_knowledge college_biology college_chemistry "
    "college_computer_science college_mathematics college_medicine college_physics computer_security "
    "conceptual_physics econometrics electrical_engineering elementary_mathematics formal_logic global_facts "
    "high_school_biology high_school_chemistry high_school_computer_science high_school_european_history "
    "high_school_geography high_school_government_and_politics high_school_macroeconomics high_school_mathematics "
    "high_school_microeconomics high_school_physics high_school_psychology high_school_statistics "
    "high_school_us_history high_school_world_history human_aging human_sexuality international_law jurisprudence "
    "logical_fallacies machine_learning management marketing medical_genetics miscellaneous moral_disputes "
    "moral_scenarios nutrition philosophy prehistory professional_accounting professional_law "
    "professional_medicine professional_psychology public_relations security_studies sociology us_foreign_policy "
    "virology world_religions").split()
ACVA = (
    "Algeria Ancient_Egypt Arab_Empire Arabic_Architecture Arabic_Art Arabic_Astronomy Arabic_Calligraphy "
    "Arabic_Ceremony Arabic_Clothing Arabic_Culture Arabic_Food Arabic_Funeral Arabic_Geography Arabic_History "
    "Arabic_Language_Origin Arabic_Literature Arabic_Math Arabic_Medicine Arabic_Music Arabic_Ornament "
    "Arabic_Philosophy Arabic_Physics_and_Chemistry Arabic_Wedding Bahrain Comoros Egypt_modern "
    "InfluenceFromAncientEgypt InfluenceFromByzantium InfluenceFromChina InfluenceFromGreece InfluenceFromIslam "
    "InfluenceFromPersia InfluenceFromRome Iraq Islam_Education Islam_branches_and_schools Islamic_law_system Jordan "
    "Kuwait Lebanon Libya Mauritania Mesopotamia_civilization Morocco Oman Palestine Qatar Saudi_Arabia Somalia "
    "Sudan Syria Tunisia United_Arab_Emirates Yemen communication computer_and_phone daily_life "
    "entertainment").split()
# lm-eval's light ACVA Yemen task reads the full OALL/ACVA set, unlike its 57 siblings.
OALL_DATA = {  # set: (complete, light)
    "alghafa": ("OALL/AlGhafa-Arabic-LLM-Benchmark-Native", "arcee-globe/AlGhafa-Arabic-LLM-Benchmark-Native-10percent"),
    "translated": ("OALL/AlGhafa-Arabic-LLM-Benchmark-Translated",
                   "arcee-globe/AlGhafa-Arabic-LLM-Benchmark-Translated-10percent"),
    "exams": ("OALL/Arabic_EXAMS", "arcee-globe/Arabic_EXAMS-10percent"),
    "mmlu": ("OALL/Arabic_MMLU", "arcee-globe/Arabic_MMLU-10percent"),
    "acva": ("OALL/ACVA", "arcee-globe/ACVA-10percent"),
}
OALL_TOP = ["acva", "alghafa", "arabic_exams", "arabic_mt_arc_challenge", "arabic_mt_arc_easy", "arabic_mt_boolq",
            "arabic_mt_hellaswag", "arabic_mt_mmlu", "arabic_mt_copa", "arabic_mt_openbook_qa", "arabic_mt_piqa",
            "arabic_mt_race", "arabic_mt_sciq", "arabic_mt_toxigen"]
LEADERBOARD_PROCESSORS = ["numbered", "exams", "mmlu", "boolq", "copa", "hellaswag", "sciq", "toxigen", "acva"]


def _oall_task(task: str, path: str, name: str, processor: str, dev: str = "validation") -> dict[str, Any]:
    return {"task": task, "dataset_path": path, "dataset_name": name, "output_type": "multiple_choice",
            "training_split": None, "validation_split": dev, "test_split": "test",
            "process_docs": Fn(f"utils.process_docs_{processor}"), "doc_to_text": "{{query}}",
            "doc_to_target": "{{gold}}", "doc_to_choice": "choices", "fewshot_split": dev,
            "fewshot_config": FIRST_N, "metric_list": ACC_ACC_NORM, "metadata": {"version": 1.0}}


def arabic_leaderboard() -> None:
    for variant, sfx in (("complete", ""), ("light", "_light")):
        root = f"arabic_leaderboard_{variant}"
        data = {k: v[variant == "light"] for k, v in OALL_DATA.items()}
        sets: dict[str, list[dict[str, Any]]] = {}  # group suffix: tasks
        sets["alghafa"] = [_oall_task(f"arabic_leaderboard_alghafa_{c}{sfx}", data["alghafa"], c, "numbered")
                           for c in ALGHAFA_NATIVE]
        sets["arabic_exams"] = [_oall_task(f"arabic_exams{sfx}", data["exams"], "default", "exams")]
        sets["arabic_mmlu"] = [_oall_task(f"arabic_leaderboard_arabic_mmlu_{s}{sfx}", data["mmlu"], s, "mmlu", "dev")
                               for s in OALL_MMLU]
        for name, (config, processor) in ALGHAFA_TRANSLATED.items():
            sets[f"arabic_mt_{name}"] = [_oall_task(f"arabic_mt_{name}{sfx}", data["translated"], config, processor)]
        sets["acva"] = [_oall_task(f"arabic_leaderboard_acva_{s}{sfx}",
                                   "OALL/ACVA" if s == "Yemen" else data["acva"], s, "acva") for s in ACVA]
        for key, tasks in sets.items():
            folder = f"{root}/{key}"
            for cfg in tasks:
                write(f"{folder}/{cfg['task']}.yaml", cfg)
            write(f"{folder}/_arabic_leaderboard_{key}{sfx}.yaml",
                  group(f"arabic_leaderboard_{key}{sfx}", [c["task"] for c in tasks], metrics=["acc", "acc_norm"]))
            utils_module(folder, "OALL document preparation: query, choices and gold of each row.",
                         "arabic_leaderboard", [f"process_docs_{p}" for p in LEADERBOARD_PROCESSORS])
        write(f"{root}/arabic_leaderboard_{variant}.yaml", group(
            f"arabic_leaderboard_{variant}", [f"arabic_leaderboard_{t}{sfx}" for t in OALL_TOP],
            metrics=["acc", "acc_norm"]),
            "Every set but Arabic MMLU (its group runs alone), acc and acc_norm weighted by size.")


FAMILIES = [arab_culture, aexams, arabic_leaderboard]
