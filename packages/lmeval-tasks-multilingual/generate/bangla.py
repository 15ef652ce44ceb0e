"""The Bangla benchmarks of TituLLMs (run by generate/regenerate.py)."""

from __future__ import annotations

from pathlib import Path

from _common import (
    Tree,
)

ACC = [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}]
ACC_NORM = ACC + [{"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}]
LISTED_CHOICES = ("{{question_stem.strip()}}\n{% for i in range(choices['label'] | length) -%}\n"
                  "{{choices['label'][i]}}. {{choices['text'][i]}}\n{% endfor -%}\nAnswer:")

# Nahin et al. 2025 (TituLLMs), arXiv:2502.11187: hishab's Bangla sets; few-shot from the first
# rows of the train (or dev) split; lm-eval gives these tasks no version.
BANGLA = {
    "boolqa_bn": {"dataset_path": "hishab/boolq_bn",
                  "description": "Bangla BoolQ: yes/no questions based on a passage.",
                  "test_split": "validation", "fewshot_split": "train",
                  "doc_to_text": "Passage:\n{{passage.strip()}}\n\nQuestion:\n{{question.strip()}}\n\nAnswer:",
                  "doc_to_choice": ["yes", "no"], "doc_to_target": "answer", "metric_list": ACC},
    "bangla_commonsenseqa": {"dataset_path": "hishab/commonsenseqa-bn",
                             "description": "The following are Bangla multiple-choice CommonsenseQA-style questions.",
                             "test_split": "validation", "fewshot_split": "train", "doc_to_text": LISTED_CHOICES,
                             "doc_to_choice": ["A", "B", "C", "D", "E"], "doc_to_target": "answerKey",
                             "metric_list": ACC_NORM},
    "bangla_mmlu": {"dataset_path": "hishab/titulm-bangla-mmlu", "dataset_name": "all",
                    "description": "The following are multiple choice questions (with answers) about range of "
                                   "topics in Bangla",
                    "test_split": "test", "fewshot_split": "dev",
                    "doc_to_text": "{{question.strip()}} A. {{options[0]}} B. {{options[1]}} C. {{options[2]}} "
                                   "D. {{options[3]}} Answer:",
                    "doc_to_choice": ["A", "B", "C", "D"], "doc_to_target": "answer", "metric_list": ACC_NORM},
    "openbookqa_bn": {"dataset_path": "hishab/openbookqa-bn",
                      "description": "Bangla OpenBookQA multiple-choice questions.", "test_split": "test",
                      "fewshot_split": "train", "doc_to_text": LISTED_CHOICES, "doc_to_choice": ["A", "B", "C", "D"],
                      "doc_to_target": "answerKey", "metric_list": ACC_NORM},
    "piqa_bn": {"dataset_path": "hishab/piqa-bn",
                "description": "Bangla PIQA: physical commonsense reasoning questions.", "test_split": "validation",
                "fewshot_split": "train", "doc_to_text": "{{goal.strip()}}\nA. {{sol1.strip()}}\nB. {{sol2.strip()}}\n"
                                                        "Answer:",
                "doc_to_choice": ["A", "B"], "doc_to_target": "label", "metric_list": ACC},
}


def bangla(tree: Tree) -> None:
    for task, fields in BANGLA.items():
        spec = {"task": task, **fields, "fewshot_config": {"sampler": "first_n"}, "output_type": "multiple_choice"}
        tree.write(f"bangla/{task}.yaml", spec)


FAMILIES = [bangla]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
