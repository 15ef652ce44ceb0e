"""XNLI (Conneau et al. 2018): premise, right?, Yes/Also/No, hypothesis."""

from __future__ import annotations

from pathlib import Path

from _common import (
    ACC,
    Tree,
    group,
    nli_choice,
)

# ========================================================================================= xnli
# Conneau et al. 2018, arXiv:1809.05053; facebook/xnli. Each hypothesis is scored as the
# continuation "premise, <right>? <Yes|Also|No>, hypothesis" (the prompt of Lin et al. 2021,
# XGLM, arXiv:2112.10668), translated per language as lm-eval ships it.
XNLI = {
    "ar": ("صحيح", "نعم", "لذا", "رقم"), "bg": ("правилно", "да", "така", "не"),
    "de": ("richtig", "Ja", "Auch", "Nein"), "el": ("σωστός", "Ναί", "Έτσι", "όχι"),
    "en": ("right", "Yes", "Also", "No"), "es": ("correcto", "Sí", "Asi que", "No"),
    "fr": ("correct", "Oui", "Aussi", "Non"), "hi": ("सही", "हाँ", "इसलिए", "नहीं"),
    "ru": ("правильно", "Да", "Так", "Нет"), "sw": ("sahihi", "Ndiyo", "Hivyo", "Hapana"),
    "th": ("ถูกต้อง", "ใช่", "ดังนั้น", "ไม่"), "tr": ("doğru", "Evet", "Böylece", "Hayır"),
    "ur": ("صحیح", "جی ہاں", "اس لئے", "نہیں"), "vi": ("đúng", "Vâng", "Vì vậy", "Không"),
    "zh": ("正确", "是的", "所以", "不是的"),
}



def xnli(tree: Tree) -> None:
    tree.write("xnli/_xnli_template_yaml", {
        "dataset_path": "facebook/xnli", "output_type": "multiple_choice",
        "training_split": "train", "validation_split": "validation",
        "doc_to_text": "", "doc_to_target": "label", "metric_list": ACC, "metadata": {"version": 1.0},
    }, "XNLI: no prompt, three continuations (entailment, neutral, contradiction); scored on validation.")
    for lang, words in XNLI.items():
        tree.write(f"xnli/xnli_{lang}.yaml", {"include": "_xnli_template_yaml", "task": f"xnli_{lang}",
                                         "dataset_name": lang, "doc_to_choice": nli_choice(*words)})
    tree.write("xnli/_xnli.yaml", group("xnli", [f"xnli_{lang}" for lang in XNLI], metrics=["acc"]))


FAMILIES = [xnli]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
