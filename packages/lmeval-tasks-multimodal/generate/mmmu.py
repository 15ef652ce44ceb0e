"""MMMU (Yue et al., 2023, arXiv:2311.16502), validation split, as lm-eval 0.4.13's ``mmmu`` folder.

One task ``mmmu_val_<subject lower-cased>`` per subject (a config of ``MMMU/MMMU``) on the shared
``_template_yaml``, a group per discipline, and ``mmmu_val`` over the six (means weighted by size).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import reset_dir, write_text, write_yaml

SCRIPT = "mmmu.py"
FOLDER = "mmmu"

#: MMMU's six disciplines: (group suffix, alias, file name) -> subjects (``dataset_name`` of
#: MMMU/MMMU; the task is ``mmmu_val_<subject lower-cased>``), in lm-eval's member order.
DISCIPLINES = {
    ("art_and_design", "Art and Design", "_art_and_design"): [
        "Art", "Art_Theory", "Design", "Music"],
    ("business", "Business", "_business"): [
        "Accounting", "Economics", "Finance", "Manage", "Marketing"],
    ("health_and_medicine", "Health and Medicine", "_health_and_medicine"): [
        "Basic_Medical_Science", "Clinical_Medicine", "Diagnostics_and_Laboratory_Medicine",
        "Pharmacy", "Public_Health"],
    ("humanities_and_social_science", "Humanities and Social Science",
     "_humanities_and_social_sciences"): ["History", "Literature", "Sociology", "Psychology"],
    ("science", "Science", "_science"): ["Biology", "Chemistry", "Geography", "Math", "Physics"],
    ("tech_and_engineering", "Tech and Engineering", "_tech_and_engineering"): [
        "Agriculture", "Architecture_and_Engineering", "Computer_Science", "Electronics",
        "Energy_and_Power", "Materials", "Mechanical_Engineering"],
}

TEMPLATE = """\
# MMMU (Yue et al., 2023, arXiv:2311.16502), validation split: college-level questions over one
# to seven images, answered by generation; utils.process_results parses the answer as MMMU's own
# evaluation code does (a letter for multiple choice, numbers or phrases for open questions).
dataset_path: MMMU/MMMU
validation_split: validation
output_type: generate_until
doc_to_image: !function utils.doc_to_image
doc_to_text: !function utils.doc_to_text
doc_to_target: "answer"
process_results: !function utils.process_results
generation_kwargs:
  until:
    - "<|endoftext|>"
  temperature: 0.0
  do_sample: false
  max_gen_toks: 512
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""


def subject_task(subject: str) -> str:
    return f"mmmu_val_{subject.lower()}"


def tasks() -> list[str]:
    return [subject_task(s) for subjects in DISCIPLINES.values() for s in subjects]


def group_names() -> list[str]:
    return [f"mmmu_val_{suffix}" for (suffix, _, _) in DISCIPLINES]


def readme_item() -> str:
    groups = ", ".join(f"`{g}`" for g in group_names())
    return (f"* **mmmu** ({len(tasks())} tasks, group `mmmu_val` of the groups {groups}): "
            + ", ".join(f"`{t}`" for t in sorted(tasks())))


def _group(name: str, members: list[str], alias: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"group": name}
    if alias is not None:
        data["group_alias"] = alias
    data["task"] = members
    data["aggregate_metric_list"] = [{"metric": "acc", "aggregation": "mean", "weight_by_size": True}]
    data["metadata"] = {"version": 0.0}
    return data


def main(root: Path) -> None:
    folder = reset_dir(root / FOLDER)
    write_text(folder / "_template_yaml", TEMPLATE, SCRIPT)
    for (suffix, alias, file), subjects in DISCIPLINES.items():
        write_yaml(folder / f"{file}.yaml", _group(f"mmmu_val_{suffix}", [subject_task(s) for s in subjects], alias),
                   SCRIPT)
        for subject in subjects:
            write_yaml(folder / f"{subject_task(subject)}.yaml",
                       {"task": subject_task(subject), "include": "_template_yaml",
                        "task_alias": subject.replace("_", " "), "dataset_name": subject}, SCRIPT)
    write_yaml(folder / "_mmmu.yaml", _group("mmmu_val", group_names()), SCRIPT)
