"""COPAL-ID (Wibowo et al. 2023)."""

from __future__ import annotations

from pathlib import Path

from _common import (
    Fn,
    Tree,
)
from xcopa import XCOPA


# ===================================================================================== copal_id
# COPAL-ID (Wibowo et al., 2024, arXiv:2311.01012): Indonesian COPA with local culture, in
# standard and colloquial (Jakartan) Indonesian; XCOPA's prompt with XCOPA-id's connectives.
def copal_id(tree: Tree) -> None:
    tree.write("copal_id/standard.yaml", {
        "tag": "copal_id", "task": "copal_id_standard", "task_alias": "standard",
        "dataset_path": "haryoaw/COPAL", "dataset_name": "id", "output_type": "multiple_choice",
        "test_split": "test", "doc_to_text": Fn("utils.doc_to_text_id"), "doc_to_target": "label",
        "doc_to_choice": Fn("utils.doc_to_choice"), "metric_list": [{"metric": "acc"}],
        "metadata": {"version": 1.0},
    })
    tree.write("copal_id/colloquial.yaml", {"include": "standard.yaml", "task": "copal_id_colloquial",
                                       "task_alias": "colloquial", "test_split": "test_colloquial"})
    cause, effect = XCOPA["id"]
    tree.write_python("copal_id/utils.py", "\n".join([
        '"""COPAL-ID prompts: the premise, then the Indonesian connective of the question type."""', "",
        "from lmeval_tasks_multilingual.prompts import copa_choices, copa_premise", "",
        "doc_to_choice = copa_choices", "", "",
        "def doc_to_text_id(doc: dict) -> str:",
        f"    return copa_premise(doc, {{'cause': {cause!r}, 'effect': {effect!r}}})", ""]))


FAMILIES = [copal_id]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
