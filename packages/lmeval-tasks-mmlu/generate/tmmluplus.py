"""Write the TMMLU+ task configs (Tam et al., 2024, arXiv:2403.01858), lm-eval 0.4.13's
``tmmluplus`` folder: 67 Traditional-Chinese subjects of ``ikala/tmmluplus`` (config = subject;
``linear_algebra`` read from the dataset's CSV files, as lm-eval does), each tagged with one of
four categories, a group per category and ``tmmluplus`` over the four (acc, acc_norm, weighted
by size).

Prompt: the description ``以下為<科目>的單選題，請提供正確答案的選項。`` then the question, options
``A.``..``D.`` from the columns ``A``..``D``, ``Answer:``; gold is the letter in ``answer``.
Few-shot from ``train``, its first rows.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, group, reset_dir, write, write_yaml

SCRIPT = "tmmluplus.py"
CATEGORIES = ["other", "social_sciences", "humanities", "STEM"]  # the top group's member order
# subject -> (its name in the description, category)
SUBJECTS = {
    "accounting": ("會計學", "other"),
    "administrative_law": ("行政法", "humanities"),
    "advance_chemistry": ("化學", "STEM"),
    "agriculture": ("農業", "other"),
    "anti_money_laundering": ("洗錢防制", "humanities"),
    "auditing": ("審計學", "other"),
    "basic_medical_science": ("基礎醫學", "STEM"),
    "business_management": ("企業管理", "other"),
    "chinese_language_and_literature": ("國文", "social_sciences"),
    "clinical_psychology": ("臨床心理學", "social_sciences"),
    "computer_science": ("資訊工程", "STEM"),
    "culinary_skills": ("餐旅", "other"),
    "dentistry": ("牙醫學", "other"),
    "economics": ("經濟學", "social_sciences"),
    "education": ("教育常識", "social_sciences"),
    "education_(profession_level)": ("教育專業", "social_sciences"),
    "educational_psychology": ("教育心理", "social_sciences"),
    "engineering_math": ("工程數學", "STEM"),
    "finance_banking": ("金融與法規", "other"),
    "financial_analysis": ("財務分析", "other"),
    "fire_science": ("火災學", "other"),
    "general_principles_of_law": ("法學大意", "humanities"),
    "geography_of_taiwan": ("台灣地理", "social_sciences"),
    "human_behavior": ("人類行為與社會", "social_sciences"),
    "insurance_studies": ("保險學", "other"),
    "introduction_to_law": ("法律概論", "humanities"),
    "jce_humanities": ("指考人文科目", "humanities"),
    "junior_chemistry": ("國中理化", "STEM"),
    "junior_chinese_exam": ("國中會考基測國文", "social_sciences"),
    "junior_math_exam": ("國中會考基測數學科", "STEM"),
    "junior_science_exam": ("國中會考基測自然科", "STEM"),
    "junior_social_studies": ("國中會考基測社會科", "other"),
    "linear_algebra": ("線代", "STEM"),
    "logic_reasoning": ("邏輯思維", "other"),
    "macroeconomics": ("總經", "social_sciences"),
    "management_accounting": ("管理會計", "other"),
    "marketing_management": ("行銷管理", "other"),
    "mechanical": ("機械與機電概論", "other"),
    "music": ("音樂科", "other"),
    "national_protection": ("軍事", "social_sciences"),
    "nautical_science": ("航海", "other"),
    "occupational_therapy_for_psychological_disorders": ("心理障礙職能治療學", "social_sciences"),
    "official_document_management": ("機關文書", "other"),
    "optometry": ("視光學", "other"),
    "organic_chemistry": ("有機化學", "STEM"),
    "pharmacology": ("藥理學", "other"),
    "pharmacy": ("藥劑學", "STEM"),
    "physical_education": ("體育", "social_sciences"),
    "physics": ("物理", "STEM"),
    "politic_science": ("政治", "social_sciences"),
    "real_estate": ("房地產", "other"),
    "secondary_physics": ("高中物理", "STEM"),
    "statistics_and_machine_learning": ("統計與機器學習", "STEM"),
    "taiwanese_hokkien": ("閩南語", "social_sciences"),
    "taxation": ("稅務", "humanities"),
    "technical": ("技術工相關", "other"),
    "three_principles_of_people": ("三民主義", "social_sciences"),
    "trade": ("貿易", "other"),
    "traditional_chinese_medicine_clinical_medicine": ("中醫臨床醫學", "other"),
    "trust_practice": ("信託實務", "humanities"),
    "ttqav2": ("台灣在地用語", "social_sciences"),
    "tve_chinese_language": ("統測國文", "social_sciences"),
    "tve_design": ("統測 設計", "other"),
    "tve_mathematics": ("統測數學", "STEM"),
    "tve_natural_sciences": ("統測自然科", "STEM"),
    "veterinary_pathology": ("獸醫病理學", "other"),
    "veterinary_pharmacology": ("獸醫藥理學", "other"),
}
# subjects read as CSV files (lm-eval 0.4.13 reads linear_algebra this way)
CSV_SUBJECTS = {"linear_algebra"}

TEMPLATE = """\
dataset_path: ikala/tmmluplus
test_split: test
fewshot_split: train
fewshot_config:
  sampler: first_n
output_type: multiple_choice
process_docs: !function utils.process_docs
doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 2.0
"""

UTILS = '''\
"""TMMLU+: each document gains ``choices`` (the columns A-D), ``questions`` and ``goal`` (the gold
index), as lm-eval 0.4.13's helper adds them; the prompt reads ``choices``."""

from __future__ import annotations

from typing import Any

LETTERS = ["A", "B", "C", "D"]


def _helper(doc: dict[str, Any]) -> dict[str, Any]:
    return {"questions": doc["question"], "choices": [doc[letter] for letter in LETTERS],
            "goal": LETTERS.index(doc["answer"])}


def process_docs(dataset: Any) -> Any:
    return dataset.map(_helper)
'''


def _task(subject: str, name: str, category: str) -> dict:
    cfg: dict = {}
    if subject in CSV_SUBJECTS:
        base = "hf://datasets/ikala/tmmluplus/data"
        cfg = {"dataset_path": "csv", "dataset_name": None, "dataset_kwargs": {"data_files": {
            "train": f"{base}/{subject}_train.csv", "test": f"{base}/{subject}_test.csv"}}}
    else:
        cfg = {"dataset_name": subject}
    return cfg | {"description": f"以下為{name}的單選題，請提供正確答案的選項。\n\n",
                  "tag": f"tmmluplus_{category}_tasks", "include": "_tmmluplus_template_yaml",
                  "task": f"tmmluplus_{subject}", "task_alias": subject.replace("_", " ")}


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "tmmluplus")
    write(out / "_tmmluplus_template_yaml", GENERATED.format(script=SCRIPT) + TEMPLATE)
    write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS)
    for subject, (name, category) in SUBJECTS.items():
        write_yaml(out / f"tmmluplus_{subject}.yaml", _task(subject, name, category), SCRIPT)
    metrics = ["acc", "acc_norm"]
    for category in CATEGORIES:
        write_yaml(out / f"_tmmluplus_{category}.yaml",
                   group(f"tmmluplus_{category}", [f"tmmluplus_{category}_tasks"], metrics, version=2.0), SCRIPT)
    write_yaml(out / "_tmmluplus.yaml", group("tmmluplus", [f"tmmluplus_{c}" for c in CATEGORIES], metrics,
                                              version=2.0), SCRIPT)


if __name__ == "__main__":
    main()
