"""Small single-prompt sets: LAMBADA machine-translated for StableLM, AlGhafa's Arabic COPA and
PIQA, and IndicXNLI's Gujarati."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, ACC_NORM, Tree

# ======================================================================= lambada_multilingual_stablelm
# EleutherAI/lambada_multilingual_stablelm (test): the passage without its last word, that word.
LAMBADA_STABLELM = ["de", "es", "fr", "it", "nl", "pt"]


def lambada_multilingual_stablelm(tree: Tree) -> None:
    folder = "lambada_multilingual_stablelm"
    tree.write(f"{folder}/lambada_mt_stablelm_en.yaml", {
        "tag": "lambada_multilingual_stablelm", "task": "lambada_openai_mt_stablelm_en",
        "dataset_path": "EleutherAI/lambada_multilingual_stablelm", "dataset_name": "en",
        "output_type": "loglikelihood", "test_split": "test",
        "doc_to_text": "{{text.split(' ')[:-1]|join(' ')}}", "doc_to_target": "{{' '+text.split(' ')[-1]}}",
        "should_decontaminate": True, "doc_to_decontamination_query": "{{text}}",
        "metric_list": [{"metric": "perplexity", "aggregation": "perplexity", "higher_is_better": False},
                        {"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0}})
    for lang in LAMBADA_STABLELM:
        tree.write(f"{folder}/lambada_mt_stablelm_{lang}.yaml", {
            "include": "lambada_mt_stablelm_en.yaml", "task": f"lambada_openai_mt_stablelm_{lang}",
            "dataset_name": lang})


# ====================================================================================== alghafa
# AlGhafa's Arabic translations of COPA (Hennara/copa_ar) and PIQA (Hennara/pica_ar), test split.
ALGHAFA = {"copa_ar": ("Hennara/copa_ar", "query"), "piqa_ar": ("Hennara/pica_ar", "goal")}


def alghafa(tree: Tree) -> None:
    for task, (path, field) in ALGHAFA.items():
        tree.write(f"alghafa/{task}/{task}.yaml", {
            "task": task, "dataset_path": path, "dataset_name": None, "output_type": "multiple_choice",
            "training_split": None, "validation_split": None, "test_split": "test",
            "doc_to_text": f"السؤال: {{{{{field}}}}}\nالجواب:", "doc_to_choice": "{{[sol1, sol2]}}",
            "doc_to_target": "label", "should_decontaminate": True, "doc_to_decontamination_query": field,
            "metric_list": ACC_NORM, "metadata": {"version": 1.0}})


# ==================================================================================== indicxnli
# Divyanshu/indicxnli's Gujarati parquet files (the Hub's parquet conversion); XNLI's prompt with
# Gujarati words ("સાચું?" right?, "હા" yes, "તેથી" so, "ના" no).
def indicxnli(tree: Tree) -> None:
    choice = ", ".join(f'premise+", સાચું? {w}, "+hypothesis' for w in ("હા", "તેથી", "ના"))
    tree.write("indicxnli/indicxnli_gu.yaml", {
        "task": "indicxnli_gu", "dataset_path": "Divyanshu/indicxnli",
        "dataset_kwargs": {"revision": "refs/convert/parquet", "data_files": {
            s: f"gu/{s}/0000.parquet" for s in ("train", "validation", "test")}},
        "output_type": "multiple_choice", "training_split": "train", "validation_split": "validation",
        "test_split": "test", "doc_to_text": "", "doc_to_target": "label",
        "doc_to_choice": "{{[" + choice.replace(", premise", ",premise") + "]}}", "metric_list": ACC,
        "metadata": {"version": 1.0}})


FAMILIES = [lambada_multilingual_stablelm, alghafa, indicxnli]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
