"""The Arabic dialect HellaSwag translations."""

from __future__ import annotations

from pathlib import Path

from _common import (
    ACC_NORM,
    Fn,
    Tree,
)

# ============================================================================ dialect hellaswag
# HellaSwag translated into Egyptian Arabic (UBC-NLP/EgyHellaSwag) and Moroccan Darija
# (MBZUAI-Paris/DarijaHellaSwag): "<activity_label>: <ctx>" and the four endings, unprocessed
# (unlike English HellaSwag's cleaning). Both carry lm-eval's tag `multiple_choice`, which also
# gathers English HellaSwag from the classic pack.
DIALECT_HELLASWAG = {"egyhellaswag": ("UBC-NLP/EgyHellaSwag", 0.0),
                     "darijahellaswag": ("MBZUAI-Paris/DarijaHellaSwag", 1.0)}


def dialect_hellaswag(tree: Tree) -> None:
    for task, (path, version) in DIALECT_HELLASWAG.items():
        tree.write(f"{task}/{task}.yaml", {
            "tag": ["multiple_choice"], "task": task, "dataset_path": path, "dataset_name": None, "output_type": "multiple_choice",
            "training_split": "train", "validation_split": "validation", "test_split": None,
            "process_docs": Fn("utils.process_docs"), "doc_to_text": "{{query}}",
            "doc_to_target": "{{label}}", "doc_to_choice": "choices", "metric_list": ACC_NORM,
            "metadata": {"version": version},
        })
        tree.write_python(f"{task}/utils.py", "\n".join([
            '"""The query is the activity label and the context; the choices the four endings."""', "",
            "", "def process_docs(dataset):",
            "    return dataset.map(lambda doc: {\"query\": doc[\"activity_label\"] + \": \" + doc[\"ctx\"],",
            "                                    \"choices\": doc[\"endings\"], \"gold\": int(doc[\"label\"])})",
            ""]))


FAMILIES = [dialect_hellaswag]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
