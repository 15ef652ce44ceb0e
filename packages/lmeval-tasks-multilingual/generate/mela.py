"""MELA (Zhang et al. 2024): linguistic acceptability in ten languages, scored by MCC."""

from __future__ import annotations

from pathlib import Path

from _common import Tree

# ========================================================================================= mela
# Geralt-Targaryen/MELA (test; dev for few-shot, first n). English and the languages marked True
# keep the train split; the group lists mela_ar twice and leaves Icelandic out, as lm-eval's does.
MELA = {"ar": False, "de": False, "es": False, "fr": False, "is": False, "it": True, "ja": False, "ru": True,
        "zh": True}
MELA_GROUP = ["en", "zh", "it", "ru", "de", "fr", "es", "ja", "ar", "ar"]


def mela(tree: Tree) -> None:
    tree.write("mela/mela_en.yaml", {
        "task": "mela_en", "dataset_path": "Geralt-Targaryen/MELA", "dataset_name": "en",
        "training_split": "train", "validation_split": "dev", "test_split": "test",
        "output_type": "multiple_choice",
        "doc_to_text": "Sentence: {{sentence}}\nDetermine whether this sentence is acceptable or unacceptable?\n"
                       "A. Acceptable\nB. Unacceptable\nAnswer:",
        "doc_to_choice": ["A", "B"], "doc_to_target": "{{['B', 'A'][label]}}",
        "description": "Determine whether the following sentence(s) violate certain linguistic constraints. If yes, "
                       "then it is \"unacceptable\"; otherwise, \"acceptable\".\n\n",
        "fewshot_split": "dev", "fewshot_config": {"sampler": "first_n"},
        "metric_list": [{"metric": "mcc", "higher_is_better": True}]})
    for lang, keeps_train in MELA.items():
        data: dict = {"include": "mela_en.yaml", "task": f"mela_{lang}", "dataset_name": lang}
        if not keeps_train:
            data["training_split"] = None
        tree.write(f"mela/mela_{lang}.yaml", data)
    tree.write("mela/_mela.yaml", {"group": "mela", "task": [f"mela_{x}" for x in MELA_GROUP],
                                   "aggregate_metric_list": [{"metric": "mcc", "weight_by_size": False}],
                                   "metadata": {"version": 1}})


FAMILIES = [mela]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
