"""Histoires Morales (French moral stories)."""

from __future__ import annotations

from pathlib import Path

from _common import ACC_NORM, Fn, Tree


def histoires_morales(tree: Tree) -> None:
    tree.write("histoires_morales/histoires_morales.yaml", {
        "task": "histoires_morales", "dataset_path": "LabHC/histoires_morales", "output_type": "multiple_choice",
        "test_split": "train", "process_docs": Fn("utils.process_docs"), "doc_to_text": "{{query}}",
        "doc_to_target": "{{label}}", "doc_to_choice": "choices", "metric_list": ACC_NORM,
        "metadata": {"version": 1.0}}, "Histoires Morales (LabHC/histoires_morales): the moral action is choice 0.")
    tree.write_python("histoires_morales/utils.py",
        '"""Histoires Morales: the story\'s context and its two actions."""\n\n'
        "from lmeval_tasks_multilingual.histoires_morales import process_docs\n\n"
        '__all__ = ["process_docs"]\n')


FAMILIES = [histoires_morales]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
