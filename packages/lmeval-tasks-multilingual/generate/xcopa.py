"""XCOPA (Ponti et al. 2020)."""

from __future__ import annotations

from pathlib import Path

from _common import (
    Fn,
    Tree,
    group,
)

# ======================================================================================== xcopa
# Ponti et al. 2020, arXiv:2005.00333; cambridgeltl/xcopa. Premise without its final period,
# the connective for "cause"/"effect", each choice with a lower-cased first letter.
XCOPA = {
    "et": ("sest", "seetõttu"), "ht": ("poukisa", "donk sa"), "id": ("karena", "maka"),
    "it": ("perché", "quindi"), "qu": ("imataq", "chaymi"), "sw": ("kwa sababu", "kwa hiyo"),
    "ta": ("காரணமாக", "எனவே"), "th": ("เพราะ", "ดังนั้น"), "tr": ("çünkü", "bu yüzden"),
    "vi": ("bởi vì", "vì vậy"), "zh": ("因为", "所以"),
}


def xcopa(tree: Tree) -> None:
    tree.write("xcopa/_xcopa_template_yaml", {
        "dataset_path": "cambridgeltl/xcopa", "output_type": "multiple_choice",
        "validation_split": "validation", "test_split": "test",
        "doc_to_target": "label", "doc_to_choice": Fn("utils.doc_to_choice"),
        "metric_list": [{"metric": "acc"}], "metadata": {"version": 1.0},
    })
    for lang in XCOPA:
        tree.write(f"xcopa/xcopa_{lang}.yaml", {"include": "_xcopa_template_yaml", "task": f"xcopa_{lang}",
                                           "dataset_name": lang, "doc_to_text": Fn(f"utils.doc_to_text_{lang}")})
    tree.write("xcopa/_xcopa.yaml", group("xcopa", [f"xcopa_{lang}" for lang in XCOPA], metrics=["acc"]))
    lines = ['"""XCOPA prompts: the premise, then the connective of the question type."""', "",
             "from lmeval_tasks_multilingual.prompts import copa_choices, copa_premise", "",
             "doc_to_choice = copa_choices", ""]
    for lang, (cause, effect) in XCOPA.items():
        lines += ["", f"def doc_to_text_{lang}(doc: dict) -> str:",
                  f"    return copa_premise(doc, {{'cause': {cause!r}, 'effect': {effect!r}}})", ""]
    tree.write_python("xcopa/utils.py", "\n".join(lines))


FAMILIES = [xcopa]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
