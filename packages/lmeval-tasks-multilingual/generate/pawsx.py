"""PAWS-X (Yang et al. 2019)."""

from __future__ import annotations

from pathlib import Path

from _common import (
    ACC,
    Fn,
    Tree,
    group,
    paraphrase_choice,
)

# ======================================================================================== paws-x
# Yang et al. 2019, arXiv:1908.11828; google-research-datasets/paws-x. Continuations
# "sentence1, <right>? <No|Yes>, sentence2" (label 0 = not a paraphrase), sentences detokenized.
PAWSX = {
    "en": ("right", "Yes", "No"), "de": ("richtig", "Ja", "Nein"), "es": ("verdad", "Sí", "No"),
    "fr": ("n'est-ce pas", "Oui", "Non"), "ja": ("ですね", "はい", "いいえ"), "ko": ("맞죠", "예", "아니요"),
    "zh": ("对吧", "是", "不是"),
}


# lm-eval cleans the European-language pairs only (ja/ko/zh are used as they come).
PAWSX_DETOKENIZED = ("en", "de", "es", "fr")



def pawsx(tree: Tree) -> None:
    tree.write("paws_x/_pawsx_template_yaml", {
        "dataset_path": "google-research-datasets/paws-x", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation", "test_split": "test",
        "doc_to_text": "", "doc_to_target": "label", "target_delimiter": "",
        "metric_list": ACC, "metadata": {"version": 1.0},
    })
    for lang, words in PAWSX.items():
        cfg = {"include": "_pawsx_template_yaml", "task": f"paws_{lang}", "dataset_name": lang,
               "doc_to_choice": paraphrase_choice(*words)}
        if lang in PAWSX_DETOKENIZED:
            cfg["process_docs"] = Fn("utils.process_docs_paraphrases")
        tree.write(f"paws_x/paws_{lang}.yaml", cfg)
    tree.write("paws_x/_pawsx.yaml", group("pawsx", [f"paws_{lang}" for lang in PAWSX], metrics=["acc"], version=0.0))
    tree.write_python("paws_x/utils.py",
        '"""PAWS-X documents: detokenized, first sentence without its final mark, second lower-cased."""\n\n'
        "from lmeval_tasks_multilingual.prompts import process_docs_paraphrases\n\n"
        '__all__ = ["process_docs_paraphrases"]\n')


FAMILIES = [pawsx]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
