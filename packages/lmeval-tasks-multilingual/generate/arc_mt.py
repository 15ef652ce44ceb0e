"""ARC-Challenge machine translations (arc_mt)."""

from __future__ import annotations

from pathlib import Path

from _common import (
    ACC_NORM,
    Tree,
)

# ======================================================================================= arc_mt
# ARC-Challenge machine-translated (LumiOpen/arc_challenge_mt, one config per language) and the
# Icelandic translation (mideind/icelandic-arc-challenge); ARC's English prompt, as lm-eval runs it.
ARC_MT = ["da", "de", "el", "es", "fi", "hu", "is", "it", "nb", "pl", "pt", "sv"]
ARC_MT_DATASETS = {"is": ("mideind/icelandic-arc-challenge", None)}


def arc_mt(tree: Tree) -> None:
    for lang in ARC_MT:
        path, name = ARC_MT_DATASETS.get(lang, ("LumiOpen/arc_challenge_mt", lang))
        tree.write(f"arc_mt/arc_challenge_mt_{lang}.yaml", {
            "tag": ["arc_challenge_mt"], "task": f"arc_challenge_mt_{lang}", "dataset_path": path,
            **({"dataset_name": name} if name else {}),
            "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
            "test_split": "test", "doc_to_text": "Question: {{question}}\nAnswer:",
            "doc_to_target": "{{choices.label.index(answerKey)}}", "doc_to_choice": "{{choices.text}}",
            "should_decontaminate": True, "doc_to_decontamination_query": "Question: {{question}}\nAnswer:",
            "metric_list": ACC_NORM, "metadata": {"version": 1.0},
        })


FAMILIES = [arc_mt]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
