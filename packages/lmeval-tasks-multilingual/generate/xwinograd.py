"""XWinograd (Tikhonov and Ryabinin 2021; Muennighoff et al. 2022) and Icelandic WinoGrande
(Snæbjarnarson et al. 2022): Winograd schemas scored by partial evaluation (Trinh and Le 2018)."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, Fn, Tree, group

# ==================================================================================== xwinograd
# Muennighoff/xwinograd (test): each option fills the blank of the sentence's start (one context
# per option); the continuation after the blank is the shared target.
XWINOGRAD = ["en", "fr", "jp", "pt", "ru", "zh"]

_CHOICES = [
    "", "def doc_to_text(doc: dict) -> int:",
    '    """The index of the right option: its context is the one scored."""',
    '    return {"1": 0, "2": 1}[doc["answer"]]', "", "",
    "def doc_to_choice(doc: dict) -> list[str]:",
    '    """The sentence up to the blank, filled with each option."""',
    '    idx = doc["sentence"].index("_")',
    '    return [doc["sentence"][:idx] + opt for opt in (doc["option1"], doc["option2"])]', "", ""]


def xwinograd(tree: Tree) -> None:
    tree.write("xwinograd/xwinograd_common_yaml", {
        "dataset_path": "Muennighoff/xwinograd", "dataset_name": None, "output_type": "multiple_choice",
        "training_split": None, "validation_split": None, "test_split": "test",
        "doc_to_text": Fn("utils.doc_to_text"), "doc_to_target": Fn("utils.doc_to_target"),
        "doc_to_choice": Fn("utils.doc_to_choice"), "metric_list": ACC, "metadata": {"version": 1.0}})
    for lang in XWINOGRAD:
        tree.write(f"xwinograd/xwinograd_{lang}.yaml", {"dataset_name": lang, "include": "xwinograd_common_yaml",
                                                       "task": f"xwinograd_{lang}"})
    tree.write("xwinograd/_xwinograd.yaml", group("xwinograd", [f"xwinograd_{x}" for x in XWINOGRAD],
                                                  metrics=["acc"]))
    tree.write_python("xwinograd/utils.py", "\n".join([
        '"""XWinograd in lm-eval\'s "multiple input" form: one context per option, one target."""', "",
        *_CHOICES,
        "def doc_to_target(doc: dict) -> str:",
        '    """The sentence after the blank, stripped."""',
        '    return doc["sentence"][doc["sentence"].index("_") + 1:].strip()', ""]))


def icelandic_winogrande(tree: Tree) -> None:
    # mideind/icelandic-winogrande (its one split, train); the target keeps a leading space unless
    # it is the lone period
    tree.write("icelandic_winogrande/default.yaml", {
        "task": "icelandic_winogrande", "dataset_path": "mideind/icelandic-winogrande",
        "output_type": "multiple_choice", "test_split": "train", "target_delimiter": "",
        "doc_to_text": Fn("preprocess_winogrande.doc_to_text"),
        "doc_to_target": Fn("preprocess_winogrande.doc_to_target"),
        "doc_to_choice": Fn("preprocess_winogrande.doc_to_choice"), "metric_list": ACC,
        "metadata": {"version": 0}})
    tree.write_python("icelandic_winogrande/preprocess_winogrande.py", "\n".join([
        '"""Icelandic WinoGrande in partial scoring: one context per option, one target."""', "",
        *_CHOICES,
        "def doc_to_target(doc: dict) -> str:",
        '    """The sentence after the blank, with a leading space unless it is just a period."""',
        '    target = doc["sentence"][doc["sentence"].index("_") + 1:].strip()',
        '    return target if target == "." else " " + target', ""]))


FAMILIES = [xwinograd, icelandic_winogrande]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
