"""Write MedConceptsQA (Shoham & Rappoport, 2024, arXiv:2405.07348) as lm-eval 0.4.13 has it:
``ofir408/MedConceptsQA``, one config per vocabulary and level (``icd9cm``, ``icd10cm``,
``icd9proc``, ``icd10proc``, ``atc`` x ``easy``, ``medium``, ``hard``), the letters A-D scored
(acc) after ``<question>\\nAnswer:``, 4 shots from ``dev`` (the first four), an instruction line.

Tasks ``med_concepts_qa_<vocab>_<level>`` (alias ``<vocab>_<level>``) carry the tag
``med_concepts_qa_<vocab>_tasks``; group ``med_concepts_qa_<vocab>`` averages its three levels,
group ``med_concepts_qa`` its five vocabularies (unweighted means of acc).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, reset_dir, write_yaml

SCRIPT = "med_concepts_qa.py"
VOCABULARIES = ("icd9cm", "icd10cm", "icd9proc", "icd10proc", "atc")
LEVELS = ("easy", "medium", "hard")
_ACC_MEAN = [{"metric": "acc", "aggregation": "mean"}]

TEMPLATE: dict[str, Any] = {
    "dataset_path": "ofir408/MedConceptsQA",
    "output_type": "multiple_choice",
    "description": "Answer A,B,C,D according to the answer to this multiple choice question.\n",
    "fewshot_split": "dev",
    "fewshot_config": {"sampler": "first_n"},
    "num_fewshot": 4,
    "test_split": "test",
    "doc_to_text": "{{question}}\nAnswer:",
    "doc_to_target": "answer_id",
    "doc_to_choice": ["A", "B", "C", "D"],
    "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
    "metadata": {"version": 1.0},
}


def task_names() -> list[str]:
    return [f"med_concepts_qa_{v}_{lvl}" for v in VOCABULARIES for lvl in LEVELS]


def group_names() -> list[str]:
    return ["med_concepts_qa"] + [f"med_concepts_qa_{v}" for v in VOCABULARIES]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "med_concepts_qa")
    write_yaml(out / "_default_template_yaml", TEMPLATE, SCRIPT)
    write_yaml(out / "_med_concepts_qa.yaml", {
        "group": "med_concepts_qa", "task": [f"med_concepts_qa_{v}" for v in VOCABULARIES],
        "aggregate_metric_list": _ACC_MEAN}, SCRIPT)
    for vocab in VOCABULARIES:
        write_yaml(out / f"_med_concepts_qa_{vocab}.yaml", {
            "group": f"med_concepts_qa_{vocab}", "task": [f"med_concepts_qa_{vocab}_tasks"],
            "aggregate_metric_list": _ACC_MEAN}, SCRIPT)
        for level in LEVELS:
            write_yaml(out / f"med_concepts_qa_{vocab}_{level}.yaml", {
                "dataset_name": f"{vocab}_{level}", "include": "_default_template_yaml",
                "tag": f"med_concepts_qa_{vocab}_tasks", "task": f"med_concepts_qa_{vocab}_{level}",
                "task_alias": f"{vocab}_{level}"}, SCRIPT)
