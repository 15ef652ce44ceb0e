"""Write the ArabicMMLU (Koto et al., 2024, arXiv:2402.12840) and AfriMMLU (IrokoBench,
Adelani et al., 2024, arXiv:2406.03368) task configs.

ArabicMMLU: 40 subject configs, English instruction and answer keys (the paper's standard
setting), 2-5 options, five size-weighted domain groups. AfriMMLU: 18 languages x 5 prompt
templates on ``masakhane/afrimmlu`` (in-language) and 17 x 5 on
``masakhane/afrimmlu-translate-test`` (translated to English; no ``eng``), each scored with
accuracy and weighted F1; groups ``afrimmlu-irokobench`` and ``afrimmlu_tt-irokobench``.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, group, reset_dir, write_template, write_yaml

SCRIPT = "arabic_african.py"

# HF config name -> domain
ARABIC_SUBJECTS = {
    "Accounting (University)": "social_science",
    "Arabic Language (General)": "language", "Arabic Language (Grammar)": "language",
    "Arabic Language (High School)": "language",
    "Arabic Language (Middle School)": "language",
    "Arabic Language (Primary School)": "language",
    "Biology (High School)": "stem", "Civics (High School)": "social_science",
    "Civics (Middle School)": "social_science", "Computer Science (High School)": "stem",
    "Computer Science (Middle School)": "stem", "Computer Science (Primary School)": "stem",
    "Computer Science (University)": "stem", "Driving Test": "other",
    "Economics (High School)": "social_science",
    "Economics (Middle School)": "social_science",
    "Economics (University)": "social_science", "General Knowledge": "other",
    "General Knowledge (Middle School)": "other",
    "General Knowledge (Primary School)": "other",
    "Geography (High School)": "social_science",
    "Geography (Middle School)": "social_science",
    "Geography (Primary School)": "social_science", "History (High School)": "humanities",
    "History (Middle School)": "humanities", "History (Primary School)": "humanities",
    "Islamic Studies": "humanities", "Islamic Studies (High School)": "humanities",
    "Islamic Studies (Middle School)": "humanities",
    "Islamic Studies (Primary School)": "humanities", "Law (Professional)": "humanities",
    "Management (University)": "other", "Math (Primary School)": "stem",
    "Natural Science (Middle School)": "stem", "Natural Science (Primary School)": "stem",
    "Philosophy (High School)": "humanities", "Physics (High School)": "stem",
    "Political Science (University)": "social_science",
    "Social Science (Middle School)": "social_science",
    "Social Science (Primary School)": "social_science",
}
# member order of the top group, with display aliases
ARABIC_DOMAINS = {
    "other": "Other", "social_science": "Social Science", "humanities": "Humanities",
    "stem": "STEM", "language": "Language",
}

ARABIC_TEMPLATE = """\
# ArabicMMLU subject template: English instruction and keys (lm-eval 0.4.13 `arabicmmlu`).
dataset_path: MBZUAI/ArabicMMLU
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: !function utils.doc_to_text
doc_to_choice: !function utils.doc_to_choice
doc_to_target: "Answer Key"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""

AFRI_LANGS = ["amh", "eng", "ewe", "fra", "hau", "ibo", "kin", "lin", "lug", "orm", "sna",
              "sot", "swa", "twi", "wol", "xho", "yor", "zul"]
PROMPTS = range(1, 6)

AFRI_COMMON = """\
output_type: multiple_choice
doc_to_text: !function utils.prompt_{i}
doc_to_target: "{{{{['A', 'B', 'C', 'D'].index(answer)}}}}"
doc_to_choice: !function utils.doc_to_choice
metric_list:
  - metric: f1
    aggregation: !function utils.weighted_f1
    higher_is_better: true
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""

AFRI_DIRECT_TEMPLATE = """\
# AfriMMLU in-language, prompt {i} of 5 (IrokoBench; lm-eval 0.4.13 `afrimmlu_direct_*`).
tag:
  - afrimmlu_tasks
  - afrimmlu_tasks_prompt_{i}
  - afrobench_mmlu_tasks
dataset_path: masakhane/afrimmlu
validation_split: validation
test_split: test
fewshot_split: validation
""" + AFRI_COMMON

AFRI_TRANSLATE_TEMPLATE = """\
# AfriMMLU translate-test (questions machine-translated to English), prompt {i} of 5.
tag: afrimmlu_tt_tasks
dataset_path: masakhane/afrimmlu-translate-test
test_split: test
""" + AFRI_COMMON


def arabic_slug(config: str) -> str:
    return config.lower().replace("(", "").replace(")", "").replace(" ", "_")


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "arabicmmlu")
    write_template(out / "_arabicmmlu_template_yaml", ARABIC_TEMPLATE, SCRIPT)
    for config, domain in ARABIC_SUBJECTS.items():
        write_yaml(out / f"arabicmmlu_{arabic_slug(config)}.yaml", {
            "include": "_arabicmmlu_template_yaml",
            "task": f"arabicmmlu_{arabic_slug(config)}",
            "task_alias": config,
            "tag": f"arabicmmlu_{domain}_tasks",
            "dataset_name": config,
        }, SCRIPT)
    for domain, alias in ARABIC_DOMAINS.items():
        write_yaml(out / f"_arabicmmlu_{domain}.yaml",
                   group(f"arabicmmlu_{domain}", [f"arabicmmlu_{domain}_tasks"], ["acc"],
                         alias=alias, version=1), SCRIPT)
    write_yaml(out / "_arabicmmlu.yaml",
               group("arabicmmlu", [f"arabicmmlu_{d}" for d in ARABIC_DOMAINS], ["acc"],
                     version=1), SCRIPT)

    for variant, template, langs in (
        ("direct", AFRI_DIRECT_TEMPLATE, AFRI_LANGS),
        ("translate", AFRI_TRANSLATE_TEMPLATE, [lang for lang in AFRI_LANGS if lang != "eng"]),
    ):
        out = reset_dir(root / "afrimmlu" / variant)
        for i in PROMPTS:
            write_template(out / f"_afrimmlu_{variant}_prompt_{i}_yaml", template.format(i=i), SCRIPT)
            for lang in langs:
                write_yaml(out / f"afrimmlu_{variant}_{lang}_prompt_{i}.yaml", {
                    "include": f"_afrimmlu_{variant}_prompt_{i}_yaml",
                    "task": f"afrimmlu_{variant}_{lang}_prompt_{i}",
                    "dataset_name": lang,
                }, SCRIPT)
    afri = root / "afrimmlu"
    write_yaml(afri / "direct" / "_afrimmlu-irokobench.yaml",
               group("afrimmlu-irokobench", [f"afrimmlu_tasks_prompt_{i}" for i in PROMPTS],
                     ["acc"], version=2, aggregation=True), SCRIPT)
    write_yaml(afri / "translate" / "_afrimmlu_tt-irokobench.yaml",
               group("afrimmlu_tt-irokobench", ["afrimmlu_tt_tasks"], ["acc"], version=2,
                     aggregation=True), SCRIPT)


if __name__ == "__main__":
    main()
