"""XStoryCloze (Lin et al. 2021)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import (
    ACC,
    Tree,
    group,
)

# ================================================================================== xstorycloze
# Lin et al. 2021 (XGLM), arXiv:2112.10668; juletxara/xstory_cloze. Four sentences, two endings.
XSTORYCLOZE = ["ar", "en", "es", "eu", "hi", "id", "my", "ru", "sw", "te", "zh"]
STORY = "{{[input_sentence_1, input_sentence_2, input_sentence_3, input_sentence_4]|join(' ')}}"


def storycloze(path: str, name: str) -> dict[str, Any]:
    return {"task": None, "dataset_path": path, "dataset_name": name, "output_type": "multiple_choice",
            "training_split": "train", "validation_split": "eval", "doc_to_text": STORY,
            "doc_to_target": "{{answer_right_ending-1}}", "doc_to_choice": "{{[sentence_quiz1, sentence_quiz2]}}",
            "should_decontaminate": True, "doc_to_decontamination_query": STORY,
            "metric_list": ACC, "metadata": {"version": 1.0}}


def xstorycloze(tree: Tree) -> None:
    for lang in XSTORYCLOZE:
        cfg = storycloze("juletxara/xstory_cloze", lang)
        cfg["task"] = f"xstorycloze_{lang}"
        tree.write(f"xstorycloze/xstorycloze_{lang}.yaml", cfg)
    tree.write("xstorycloze/_xstorycloze.yaml", group("xstorycloze", [f"xstorycloze_{x}" for x in XSTORYCLOZE],
                                                metrics=["acc"]))


FAMILIES = [xstorycloze]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
