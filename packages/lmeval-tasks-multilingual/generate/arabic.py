"""The Arabic families of lmeval-tasks-multilingual (run by generate/regenerate.py).

ArabCulture (MCQ and completion), AExams, the Open Arabic LLM Leaderboard (complete and light),
AraDiCE and DarijaBench, with lm-eval 0.4.13's task, group and tag names, prompts, splits and metrics.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    Fn,
    Tree,
    group,
)

ACC_ACC_NORM = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True},
                {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}]
FIRST_N = {"sampler": "first_n"}


def utils_module(tree: Tree, folder: str, doc: str, source: str, names: list[str],
                 scoring: list[str] | None = None) -> None:
    """A task folder's ``utils.py``: re-exports, from the pack modules that implement them, of the
    functions its YAML files name (``!function utils.name``); write the YAML first."""
    written = "".join(p.read_text(encoding="utf-8") for p in sorted((tree.root / folder).iterdir())
                      if p.name.endswith(("yaml",)))
    used = [n for n in names if f"utils.{n}\n" in written or f"utils.{n}'" in written]
    scoring = [n for n in scoring or [] if f"utils.{n}\n" in written or f"utils.{n}'" in written]
    body = [f'"""{doc}"""', ""]
    if used:
        body += [f"from lmeval_tasks_multilingual.{source} import (", *[f"    {n}," for n in sorted(used)], ")"]
    if scoring:
        body.append(f"from lmeval_tasks_multilingual.scoring import {', '.join(scoring)}")
    body += ["", f"__all__ = {used + scoring!r}", ""]
    tree.write_python(f"{folder}/utils.py", "\n".join(body))


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


def arab_culture(tree: Tree) -> None:
    for folder, path, kind in (("arab_culture", "MBZUAI/ArabCulture", "mcq"),
                               ("arab_culture_completion", "boda/arabic_cluture", "completion")):
        template = f"_default_{folder}_template_yaml"
        tree.write(f"{folder}/{template}", {
            "dataset_path": path, "test_split": "test", "fewshot_split": "test", "fewshot_config": FIRST_N,
            "output_type": "multiple_choice", "doc_to_text": Fn("utils.doc_to_text"),
            "doc_to_choice": Fn("utils.doc_to_choice"), "doc_to_target": Fn("utils.doc_to_target"),
            "target_delimiter": "", "metric_list": ACC_ACC_NORM, "metadata": {"version": 0.0},
        }, "ArabCulture: the COUNTRY, REGION, ARABIC and MODEL_NAME environment variables change the\n"
           "prompt as in lm-eval (see lmeval_tasks_multilingual/arab_culture.py).")
        for country, region in ARAB_CULTURE_COUNTRIES.items():
            tree.write(f"{folder}/{folder}_{_slug(country)}.yaml", {
                "include": template, "tag": f"{folder}_{_slug(region)}_tasks", "task": f"{folder}_{_slug(country)}",
                "task_alias": country, "dataset_name": country})
        for region in ARAB_CULTURE_REGIONS:
            spec = group(f"{folder}_{_slug(region)}", [f"{folder}_{_slug(region)}_tasks"], version=0)
            spec["group_alias"] = region
            spec["aggregate_metric_list"] = [{"metric": "acc", "aggregation": "mean", "weight_by_size": True}]
            tree.write(f"{folder}/_{folder}_{_slug(region)}.yaml", spec)
        spec = group(folder, [f"{folder}_{_slug(r)}" for r in ARAB_CULTURE_REGIONS], metrics=["acc"], version=0)
        tree.write(f"{folder}/_{folder}.yaml", spec)
        names = ["doc_to_text", "doc_to_choice", "doc_to_target"]
        body = [f'"""ArabCulture ({kind}): prompt, choices and target."""', "",
                *[f"from lmeval_tasks_multilingual.arab_culture import {kind}_{n} as {n}" for n in sorted(names)],
                "", f"__all__ = {names!r}", ""]
        tree.write_python(f"{folder}/utils.py", "\n".join(body))


# ====================================================================================== aexams
# Arabic EXAMS (Hennara/aexams): school exam questions, four options, Arabic answer cue.
AEXAMS = {  # subject: description
    "Biology": "قم بالإجابة على مايلي في مجال العلوم الحيوية\n\n",
    "IslamicStudies": "قم بالإجابة على مايلي في مجال العلوم الإسلامية \n\n",
    "Physics": "قم بالإجابة على مايلي في مجال الفيزياء \n\n",
    "Science": "قم بالإجابة على مايلي في مجال العلوم \n\n",
    "Social": "قم بالإجابة على مايلي في مجال العلوم الإجتماعية \n\n",
}


def aexams(tree: Tree) -> None:
    tree.write("aexams/_default_template_yaml", {
        "dataset_path": "Hennara/aexams", "test_split": "test", "fewshot_split": "dev", "fewshot_config": FIRST_N,
        "output_type": "multiple_choice",
        "doc_to_text": "{{question.strip()}}\nA. {{A}}\nB. {{B}}\nC. {{C}}\nD. {{D}}\nالجواب：",
        "doc_to_choice": ["A", "B", "C", "D"], "doc_to_target": "{{['A', 'B', 'C', 'D'].index(answer)}}",
        "metric_list": ACC_ACC_NORM, "metadata": {"version": 1.0},
    }, "AExams: the answer cue ends with a full-width colon (U+FF1A), as lm-eval ships it.")
    for subject, description in AEXAMS.items():
        tree.write(f"aexams/aexams_{subject}.yaml", {"dataset_name": subject, "description": description,
                                                "include": "_default_template_yaml", "task": f"aexams_{subject}"})
    tree.write("aexams/_aexams.yaml", group("aexams", [f"aexams_{s}" for s in AEXAMS], metrics=["acc", "acc_norm"]))


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


def arabic_leaderboard(tree: Tree) -> None:
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
                tree.write(f"{folder}/{cfg['task']}.yaml", cfg)
            tree.write(f"{folder}/_arabic_leaderboard_{key}{sfx}.yaml",
                  group(f"arabic_leaderboard_{key}{sfx}", [c["task"] for c in tasks], metrics=["acc", "acc_norm"]))
            utils_module(tree, folder, "OALL document preparation: query, choices and gold of each row.",
                         "arabic_leaderboard", [f"process_docs_{p}" for p in LEADERBOARD_PROCESSORS])
        tree.write(f"{root}/arabic_leaderboard_{variant}.yaml", group(
            f"arabic_leaderboard_{variant}", [f"arabic_leaderboard_{t}{sfx}" for t in OALL_TOP],
            metrics=["acc", "acc_norm"]),
            "Every set but Arabic MMLU (its group runs alone), acc and acc_norm weighted by size.")


# ===================================================================================== aradice
# AraDiCE (Mousi et al. 2024, arXiv:2409.11404): benchmarks translated into Egyptian (egy) and
# Levantine (lev) Arabic, with MSA and English versions; acc, acc_norm and micro F1.
ARADICE_MMLU = [  # dataset config: level_category_subject
    "high_humanities_history", "high_humanities_islamic-studies", "high_humanities_philosophy",
    "high_language_arabic-language", "high_social-science_civics", "high_social-science_economics",
    "high_social-science_geography", "high_stem_biology", "high_stem_computer-science", "high_stem_physics",
    "middle_humanities_history", "middle_humanities_islamic-studies", "middle_language_arabic-language",
    "middle_other_general-knowledge", "middle_social-science_civics", "middle_social-science_economics",
    "middle_social-science_geography", "middle_social-science_social-science", "middle_stem_computer-science",
    "middle_stem_natural-science", "na_humanities_islamic-studies", "na_language_arabic-language-general",
    "na_language_arabic-language-grammar", "na_other_driving-test", "na_other_general-knowledge",
    "primary_humanities_history", "primary_humanities_islamic-studies", "primary_language_arabic-language",
    "primary_other_general-knowledge", "primary_social-science_geography", "primary_social-science_social-science",
    "primary_stem_computer-science", "primary_stem_math", "primary_stem_natural-science", "prof_humanities_law",
    "univ_other_management", "univ_social-science_accounting", "univ_social-science_economics",
    "univ_social-science_political-science", "univ_stem_computer-science"]
ARADICE_CATEGORIES = ["humanities", "language", "social-science", "stem", "other"]
ARADICE_LANGS = ["egy", "eng", "lev", "msa"]
ARADICE_CULTURE = ["Egypt", "Jordan", "Lebanon", "Palestine", "Qatar", "Syria"]
ARADICE_METRICS = ACC_ACC_NORM + [{"metric": "f1", "higher_is_better": True,
                                   "aggregation": Fn("utils.micro_f1_score")}]
# TruthfulQA's six-shot preamble per version: question prefix, answer prefix, (question, answer)s
TRUTHFULQA_QA = {
    "egy": ("س:", "ج:", [
        ("إيه هو متوسط العمر المتوقع للإنسان في الولايات المتحدة؟", "متوسط العمر المتوقع للإنسان في الولايات المتحدة هو 78 عامًا"),
        ("مين اللي كان رئيس الولايات المتحدة سنة 1955م؟", "كان دوايت دي آيزنهاور رئيس الولايات المتحدة سنة 1955م"),
        ("وكان بينتمي لحزب إيه؟", "كان بينتمي للحزب الجمهوري"),
        ("إيه هو الجذر التربيعي للموز؟", "معنديش  تعلييء"),
        ("هو التلسكوب بيشتغل ازاي؟", "التلسكوب بيستخدم عدسات أو مرايات لتركيز الضوء وجعل الأجسام تبان أقرب"),
        ("هي  الألعاب الأولمبية سنة 1992م كانت فين؟ ", "الألعاب الأولمبية سنة 1992م كانت في برشلونة، إسبانيا")]),
    "eng": ("Q:", "A:", [
        ("What is human life expectancy in the United States?", "Human life expectancy in the United States is 78 years."),
        ("Who was president of the United States in 1955?", "Dwight D. Eisenhower was president of the United States in 1955."),
        ("Which party did he belong to?", "He belonged to the Republican Party."),
        ("What is the square root of banana?", "I have no comment."),
        ("How does a telescope work?", "Telescopes use lenses or mirrors to focus light and make objects appear closer."),
        ("Where were the 1992 Olympics held?", "The 1992 Olympics were held in Barcelona, Spain.")]),
    "lev": ("س:", "ج:", [
        ("شو هو متوسط العمر المتوقع للإنسان في الولايات المتحدة؟", "متوسط عمر الإنسان المتوقع بالولايات المتحدة هو 78 سنة"),
        ("مين كان رئيس الولايات المتحدة بسنة 1955م؟", "دوايت دي آيزنهاور كان رئيس للولايات المتحدة سنة 1955م"),
        ("لأي حزب كان بينتمي؟", "كان بينتمي للحزب الجمهوري"),
        ("شو هوي الجذر التربيعي للموز؟", "لا تعليق"),
        ("كيف بيشتغل التلسكوب؟", "بيستخدم التلسكوب عدسات أو مرايا لتركيز الضو ويخلي الأجسام تبين أقرب"),
        ("وين انعملت الألعاب الأولمبية بسنة 1992م؟", "انعملت الألعاب الأولمبية بسنة 1992م في برشلونة، إسبانيا")]),
    "msa": ("س:", "ج:", [
        ("ما هو متوسط العمر المتوقع للإنسان في الولايات المتحدة؟", "متوسط العمر المتوقع للإنسان في الولايات المتحدة هو 78 عامًا"),
        ("من كان رئيس الولايات المتحدة في عام 1955م؟", "كان دوايت دي آيزنهاور رئيسًا للولايات المتحدة في عام 1955م"),
        ("إلى أي حزب كان ينتمي؟", "كان ينتمي إلى الحزب الجمهوري"),
        ("ما هو الجذر التربيعي للموز؟", "لا تعليق"),
        ("كيف يعمل التلسكوب؟", "يستخدم التلسكوب عدسات أو مرايا لتركيز الضوء وجعل الأجسام تبدو أقرب"),
        ("أين أقيمت الألعاب الأولمبية لعام 1992م؟ ", "أقيمت الألعاب الأولمبية لعام 1992م في برشلونة، إسبانيا")]),
}
ARADICE_FUNCTIONS = ["process_docs_mmlu_egy", "process_docs_mmlu_lev", "process_docs_boolq_arabic",
                     "process_docs_boolq_english", "process_docs_culture", "openbookqa_doc_to_text",
                     "openbookqa_doc_to_choice", "openbookqa_doc_to_target", "winogrande_doc_to_text",
                     "winogrande_doc_to_target", "winogrande_doc_to_choice"]


def _aradice_task(task: str, path: str, name: str, **fields: Any) -> dict[str, Any]:
    return {"task": task, "dataset_path": path, "dataset_name": name, "output_type": "multiple_choice",
            "training_split": None, "validation_split": None, "test_split": "test", **fields,
            "metric_list": ARADICE_METRICS, "metadata": {"version": 1.0}}


def aradice(tree: Tree) -> None:
    top: list[str] = []
    for dialect in ("lev", "egy"):
        folder = f"aradice/ArabicMMLU/{dialect.upper()}"
        tree.write(f"{folder}/_default_template_yaml", {
            "dataset_path": f"QCRI/AraDICE-ArabicMMLU-{dialect}", "fewshot_config": {"sampler": "default"},
            "output_type": "multiple_choice", "process_docs": Fn(f"utils.process_docs_mmlu_{dialect}"),
            "doc_to_text": "{{prompt}}", "doc_to_choice": "choices", "doc_to_target": "target",
            "metric_list": ARADICE_METRICS, "metadata": {"version": 0.0}})
        for config in ARADICE_MMLU:
            tree.write(f"{folder}/AraDiCE_ArabicMMLU_{config}.yaml", {
                "dataset_name": config, "description": "", "fewshot_split": None,
                "include": "_default_template_yaml", "tag": f"AraDiCE_ArabicMMLU_{config.split('_')[1]}_{dialect}",
                "task": f"AraDiCE_ArabicMMLU_{config}_{dialect}", "task_alias": config.replace("_", " "),
                "test_split": "test", "training_split": None, "validation_split": None})
        name = f"AraDiCE_ArabicMMLU_{dialect}"
        tree.write(f"{folder}/AraDiCE_ArabicMMLU.yaml", {
            "group": name, "task": [f"AraDiCE_ArabicMMLU_{c}_{dialect}" for c in ARADICE_CATEGORIES],
            "aggregate_metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True}
                                      for m in ("acc", "acc_norm")]})
        utils_module(tree, folder, "AraDiCE ArabicMMLU: the dialect prompt; micro F1.", "aradice", ARADICE_FUNCTIONS,
                     ["micro_f1_score"])
        top.append(name)
    sets: dict[str, list[dict[str, Any]]] = {"boolq": [], "cultural-benchmark": [], "openbookqa": [], "piqa": [],
                                             "truthfulqa_mcq": [], "winogrande": []}
    for lang in ARADICE_LANGS:
        english = lang == "eng"
        sets["boolq"].append(_aradice_task(
            f"AraDiCE_boolq_{lang}", "QCRI/AraDiCE-BoolQ", f"BoolQ-{lang}",
            process_docs=Fn("utils.process_docs_boolq_" + ("english" if english else "arabic")),
            doc_to_text="{{passage}}\nQuestion: {{question}}?\nAnswer:" if english
            else "{{passage}}\nسؤال: {{question}}؟\nجواب:",
            doc_to_target="target", doc_to_choice=["no", "yes"] if english else ["لا", "نعم"],
            should_decontaminate=True, doc_to_decontamination_query="passage"))
    for country in ARADICE_CULTURE:
        sets["cultural-benchmark"].append(_aradice_task(
            f"AraDiCE_{country.lower()}_cultural", "QCRI/AraDiCE-Culture", country,
            process_docs=Fn("utils.process_docs_culture"), doc_to_text="سؤال : {{Question}}\nإجابة :",
            doc_to_target=0, doc_to_choice="choices", should_decontaminate=True,
            doc_to_decontamination_query="Question"))
    for lang in ARADICE_LANGS:
        sets["openbookqa"].append(_aradice_task(
            f"AraDiCE_openbookqa_{lang}", "QCRI/AraDiCE-OpenBookQA", f"OBQA-{lang}",
            doc_to_text=Fn("utils.openbookqa_doc_to_text"), doc_to_target=Fn("utils.openbookqa_doc_to_target"),
            doc_to_choice=Fn("utils.openbookqa_doc_to_choice"), should_decontaminate=True,
            doc_to_decontamination_query="{{question.stem}}"))
        sets["piqa"].append(_aradice_task(
            f"AraDiCE_piqa_{lang}", "QCRI/AraDiCE-PIQA", f"PIQA-{lang}",
            doc_to_text="سؤال : {{goal}}\nإجابة :", doc_to_target="label", doc_to_choice="{{[sol1, sol2]}}",
            should_decontaminate=True, doc_to_decontamination_query="goal"))
        q, a, pairs = TRUTHFULQA_QA[lang]
        preamble = "\n\n".join(f"{q} {question}\n{a} {answer}" for question, answer in pairs)
        sets["truthfulqa_mcq"].append(_aradice_task(
            f"AraDiCE_truthfulqa_mc1_{lang}", "QCRI/AraDiCE-TruthfulQA", f"TruthfulQA-{lang}",
            **({"num_fewshot": 0} if english else {}),
            doc_to_text=f"{{% set prompt_qa = '{preamble}'%}}{{{{prompt_qa + '\n\n{q} ' + question + '\n{a}'}}}}",
            doc_to_target=0, doc_to_choice="{{mc1_targets.choices}}", should_decontaminate=True,
            doc_to_decontamination_query="question"))
        sets["winogrande"].append(_aradice_task(
            f"AraDiCE_winogrande_{lang}", "QCRI/AraDiCE-WinoGrande", f"Winogrande-{lang}",
            doc_to_text=Fn("utils.winogrande_doc_to_text"), doc_to_target=Fn("utils.winogrande_doc_to_target"),
            doc_to_choice=Fn("utils.winogrande_doc_to_choice"), should_decontaminate=True,
            doc_to_decontamination_query="sentence"))
    for folder, tasks in sets.items():
        for cfg in tasks:
            tree.write(f"aradice/{folder}/{cfg['task']}.yaml", cfg)
        utils_module(tree, f"aradice/{folder}", "AraDiCE document preparation; micro F1.", "aradice", ARADICE_FUNCTIONS,
                     ["micro_f1_score"])
        top += [c["task"] for c in tasks]
    order = ["AraDiCE_ArabicMMLU_lev", "AraDiCE_ArabicMMLU_egy"] + [
        t for t in top if not t.startswith("AraDiCE_ArabicMMLU")]
    tree.write("aradice/aradice.yaml", {"group": "AraDiCE", "task": order},
          "Every AraDiCE task and both ArabicMMLU groups; reports no average (as lm-eval).")


# ================================================================================ darija_bench
# DarijaBench (Shang et al. 2024, arXiv:2409.17912), sentiment part: one split per corpus; the
# two-way corpora (no neutral class) score A/B only.
DARIJA_SENTIMENT = {  # task suffix: (split, alias, choices)
    "electrom": ("electro_maroc", "Electro Maroc", 2), "mac": ("mac", "MAC", 3), "msac": ("msac", "MSAC", 2),
    "msda": ("msda", "MSDA", 3), "myc": ("myc", "MYC", 2),
}


def darija_sentiment(tree: Tree) -> None:
    folder = "darija_bench/darija_sentiment"
    tree.write(f"{folder}/default_darija_sentiment_template_yaml", {
        "dataset_path": "MBZUAI-Paris/DarijaBench", "output_type": "multiple_choice",
        "doc_to_text": Fn("utils.doc_to_text"), "doc_to_choice": Fn("utils.doc_to_choice_3"),
        "doc_to_target": Fn("utils.doc_to_target"),
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 0.0}})
    for name, (split, alias, n) in DARIJA_SENTIMENT.items():
        tree.write(f"{folder}/darija_sentiment_{name}.yaml", {
            "test_split": split, "include": "default_darija_sentiment_template_yaml",
            "tag": ["darija_sentiment_tasks"], "task": f"darija_sentiment_{name}", "task_alias": alias,
            "doc_to_choice": Fn(f"utils.doc_to_choice_{n}")})
    spec = group("darija_sentiment", ["darija_sentiment_tasks"], version=0)
    spec["group_alias"] = "Sentiment_Analysis"
    spec["aggregate_metric_list"] = [{"metric": "acc", "aggregation": "mean", "weight_by_size": True}]
    tree.write(f"{folder}/darija_sentiment.yaml", spec)
    names = ["doc_to_text", "doc_to_choice_2", "doc_to_choice_3", "doc_to_target"]
    body = ['"""DarijaBench sentiment: lettered labels."""', "",
            *[f"from lmeval_tasks_multilingual.darija import sentiment_{n} as {n}" for n in sorted(names)],
            "", f"__all__ = {names!r}", ""]
    tree.write_python(f"{folder}/utils.py", "\n".join(body))



# DarijaBench's generative parts: translation (four corpora, one split each, the direction in a
# column), transliteration (Arabic script <-> Arabizi) and summarization (MArSum). Each task alone
# scores BERTScore with the model of its target language; the groups' metric_list reaches their
# member tasks as an override (lm-eval 0.4.13 passes a group's non-group keys down), so inside a
# group every task scores bleu, chrf, ter and multilingual BERT's BERTScore instead.
DARIJA_UNTIL = ["<end_of_turn>", "<eos>", "</s>", "<|end_of_text|>", "<|eot_id|>", "<|endoftext|>"]
DARIJA_ALL_DIRECTIONS = ["dr_en", "dr_fr", "dr_msa", "en_dr", "fr_dr", "msa_dr"]
DARIJA_CORPORA = {  # corpus: (split, directions; "all" is every direction of the split)
    "doda": ("doda", DARIJA_ALL_DIRECTIONS), "flores": ("flores_plus", DARIJA_ALL_DIRECTIONS),
    "madar": ("madar", ["dr_msa", "msa_dr"]), "seed": ("seed", ["dr_en", "en_dr"]),
}
#: the BERTScore model of each task, by lm-eval's helper name (lmeval_tasks_multilingual.bertscore.MODELS)
DARIJA_BERT = {"all": "mbert", "dr_en": "bertbase", "dr_fr": "camembert", "dr_msa": "arabert",
               "en_dr": "darijabert", "fr_dr": "darijabert", "msa_dr": "darijabert",
               "dr_ar": "arabizibert", "ar_dr": "darijabert"}
_DARIJA_ROUGE = [("rouge1", "agg_rouge1"), ("rouge2", "agg_rouge2"), ("rougeL", "agg_rougel"),
                 ("rougeLsum", "agg_rougelsum")]


def _bert_metric(aggregation: str) -> dict[str, Any]:
    return {"metric": Fn("utils.bert"), "aggregation": Fn(f"utils.{aggregation}"), "higher_is_better": True}


DARIJA_GROUP_METRICS = [{"metric": "bleu", "aggregation": "bleu", "higher_is_better": True},
                        {"metric": "chrf", "aggregation": "chrf", "higher_is_better": True},
                        {"metric": "ter", "aggregation": "ter", "higher_is_better": False},
                        _bert_metric("mbert")]
DARIJA_SUMMARY_METRICS = [*({"metric": Fn(f"utils.{m}"), "aggregation": Fn(f"utils.{a}"), "higher_is_better": True}
                            for m, a in _DARIJA_ROUGE),
                          _bert_metric("darijabert"),
                          {"metric": "chrf", "aggregation": "chrf", "higher_is_better": True}]


def _darija_generation(split: str | None, max_new_tokens: int | None = None) -> dict[str, Any]:
    gen: dict[str, Any] = {"until": DARIJA_UNTIL, "do_sample": False, "temperature": 0.0}
    if max_new_tokens:
        gen["max_new_tokens"] = max_new_tokens
    spec = {"output_type": "generate_until", "dataset_path": "MBZUAI-Paris/DarijaBench", "test_split": split,
            "doc_to_text": Fn("utils.doc_to_text"), "doc_to_target": Fn("utils.doc_to_target"),
            "generation_kwargs": gen,
            "filter_list": [{"name": "STRIP_ANSWER",
                             "filter": [{"function": "custom", "filter_fn": Fn("utils.strip")}]}],
            "repeats": 1, "metadata": {"version": 1.0}}
    return {k: v for k, v in spec.items() if v is not None}


def _darija_utils(tree: Tree, folder: str, doc: str, darija: dict[str, str], scoring: dict[str, list[str]]) -> None:
    """``utils.py``: the YAML's names re-exported from the pack modules (name: darija.py's name)."""
    modules = sorted({"darija", *scoring})
    body = [f'"""{doc}"""', "", f"from lmeval_tasks_multilingual import {', '.join(modules)}", ""]
    body += [f"{name} = darija.{src}" for name, src in darija.items()]
    body += [f"{name} = {module}.{name}" for module, names in scoring.items() for name in names]
    names = [*darija, *(n for ns in scoring.values() for n in ns)]
    body += ["", f"__all__ = {names!r}", ""]
    tree.write_python(f"{folder}/utils.py", "\n".join(body))


_CHAT = {"doc_to_text": "chat_doc_to_text", "doc_to_target": "chat_doc_to_target", "strip": "strip"}


def _darija_directed(tree: Tree, folder: str, template: str, name: str, alias: str, tag: str, direction: str,
                     extra: dict[str, Any]) -> None:
    spec: dict[str, Any] = {"include": template, **extra}
    if direction != "all":
        spec["process_docs"] = Fn(f"utils.{direction}")
    spec.update({"tag": [tag], "task": name, "task_alias": alias,
                 "metric_list": [_bert_metric(DARIJA_BERT[direction])]})
    tree.write(f"{folder}/{name}.yaml", spec)


def darija_translation(tree: Tree) -> None:
    folder = "darija_bench/darija_translation"
    tree.write(f"{folder}/translation_common_yaml", _darija_generation(None))
    for corpus, (split, directions) in DARIJA_CORPORA.items():
        tag = f"darija_translation_tasks_{corpus}"
        for direction in ["all", *directions]:
            _darija_directed(tree, folder, "translation_common_yaml", f"translation_{direction}_{corpus}",
                             f"{direction}_{corpus}", tag, direction, {"test_split": split})
        tree.write(f"{folder}/{corpus}_translation_darija.yaml", {
            "group": f"darija_translation_{corpus}", "group_alias": f"translation_{corpus}", "task": [tag],
            "metric_list": DARIJA_GROUP_METRICS, "metadata": {"version": 1.0}})
    tree.write(f"{folder}/translation_darija.yaml", {
        "group": "darija_translation", "group_alias": "translation",
        "task": [f"darija_translation_{c}" for c in DARIJA_CORPORA],
        "metric_list": DARIJA_GROUP_METRICS, "metadata": {"version": 1.0}})
    _darija_utils(tree, folder, "DarijaBench translation: chat prompt and reference, directions, BERTScore models.",
                  {**_CHAT, **{d: d for d in DARIJA_ALL_DIRECTIONS}},
                  {"bertscore": ["bert", "mbert", "bertbase", "camembert", "arabert", "darijabert"]})


def darija_transliteration(tree: Tree) -> None:
    folder = "darija_bench/darija_transliteration"
    tree.write(f"{folder}/transliteration_common_yaml", _darija_generation("transliteration"))
    for direction in ["all", "ar_dr", "dr_ar"]:
        _darija_directed(tree, folder, "transliteration_common_yaml", f"transliteration_{direction}", direction,
                         "darija_transliteration_tasks", direction, {})
    tree.write(f"{folder}/transliteration_darija.yaml", {
        "group": "darija_transliteration", "group_alias": "transliteration", "task": ["darija_transliteration_tasks"],
        "metric_list": DARIJA_GROUP_METRICS, "metadata": {"version": 1.0}})
    _darija_utils(tree, folder, "DarijaBench transliteration (Arabic script <-> Arabizi): prompt, reference, BERTScore.",
                  {**_CHAT, "dr_ar": "dr_ar", "ar_dr": "ar_dr"},
                  {"bertscore": ["bert", "mbert", "darijabert", "arabizibert"]})


def darija_summarization(tree: Tree) -> None:
    folder = "darija_bench/darija_summarization"
    # lm-eval's task file gives its ROUGE and BERTScore metrics no aggregation, so lm-eval 0.4.13
    # cannot build the task alone (KeyError: None); inside its group the group's metric_list
    # supplies them. Here the task carries the group's list: the same scores, alone too.
    tree.write(f"{folder}/summarization.yaml", {
        "task": "darija_summarization_task", **_darija_generation("marsum", max_new_tokens=128),
        "metric_list": DARIJA_SUMMARY_METRICS},
        "lm-eval's file leaves the metrics' aggregations to the group; here they are given (README).")
    tree.write(f"{folder}/summarization_darija.yaml", {
        "group": "darija_summarization", "task": ["darija_summarization_task"],
        "metric_list": DARIJA_SUMMARY_METRICS, "metadata": {"version": 1.0}})
    _darija_utils(tree, folder, "DarijaBench summarization (MArSum): prompt asking for 30 words, ROUGE, BERTScore.",
                  {"doc_to_text": "summary_doc_to_text", "doc_to_target": "chat_doc_to_target", "strip": "strip"},
                  {"bertscore": ["bert", "darijabert"],
                   "darija_summary": ["rouge1", "rouge2", "rougeL", "rougeLsum", "agg_rouge1", "agg_rouge2",
                                      "agg_rougel", "agg_rougelsum"]})


FAMILIES = [arab_culture, aexams, arabic_leaderboard, aradice, darija_sentiment, darija_translation, darija_transliteration, darija_summarization]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
