"""TruthfulQA-multi (Calvo Figueras et al. 2025): TruthfulQA in English, Spanish, Catalan, Basque
and Galician; MC1, MC2 and generation (BLEU against true and false answers)."""

from __future__ import annotations

from pathlib import Path

from _common import ACC, Fn, Tree

# ============================================================================= truthfulqa-multi
# HiTZ/truthfulqa-multi (validation; few-shot from train, first n), one config per language.
LANGS = ["ca", "en", "es", "eu", "gl"]
FOLDER = "truthfulqa-multi"
BLEU = [{"metric": f"bleu_{m}", "aggregation": "mean", "higher_is_better": True} for m in ("max", "acc", "diff")]
SPLITS = {"training_split": "train", "validation_split": "validation", "test_split": None}


def truthfulqa_multi(tree: Tree) -> None:
    tree.write(f"{FOLDER}/truthfulqa-multi_gen_common", {
        "tag": ["truthfulqa_multi"], "dataset_path": "HiTZ/truthfulqa-multi", "output_type": "generate_until",
        "generation_kwargs": {"until": ["!\n\n", "Q:", ".\n\n"]}, **SPLITS,
        "doc_to_target": "{{'A: ' + best_answer}}", "fewshot_split": "train", "fewshot_config": {"sampler": "first_n"},
        "process_docs": Fn("utils.process_docs_gen"), "process_results": Fn("utils.process_results_gen"),
        "doc_to_text": "{{'Q: ' + question}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "question", "metric_list": BLEU, "metadata": {"version": 3.0}})
    tree.write(f"{FOLDER}/truthfulqa-multi_mc_common", {
        "tag": ["truthfulqa-multi"], "dataset_path": "HiTZ/truthfulqa-multi", "output_type": "multiple_choice",
        **SPLITS, "fewshot_split": "train", "fewshot_config": {"sampler": "first_n"}, "doc_to_target": 0,
        "doc_to_choice": "{{mc1_targets.choices}}", "should_decontaminate": True,
        "doc_to_decontamination_query": "question", "metric_list": ACC, "metadata": {"version": 2.0},
        "doc_to_text": "{{'Q: ' + question + '\nA:'}}"})
    for lang in LANGS:
        for kind in ("gen", "mc1"):
            common = "gen_common" if kind == "gen" else "mc_common"
            tree.write(f"{FOLDER}/truthfulqa-multi_{kind}_{lang}.yaml", {
                "include": f"truthfulqa-multi_{common}", "task": f"truthfulqa-multi_{kind}_{lang}",
                "dataset_name": lang})
        tree.write(f"{FOLDER}/truthfulqa-multi_mc2_{lang}.yaml", {
            "include": f"truthfulqa-multi_mc1_{lang}.yaml", "task": f"truthfulqa-multi_mc2_{lang}",
            "doc_to_choice": "{{mc2_targets.choices}}", "process_results": Fn("utils.process_results_mc2"),
            "should_decontaminate": True, "doc_to_decontamination_query": "question", "metric_list": ACC,
            "metadata": {"version": 2.0}})
    tree.write_python(f"{FOLDER}/utils.py", "\n".join([
        '"""TruthfulQA-multi: per-language "no comment", BLEU of the generation, MC2\'s true mass."""', "",
        "from lmeval_tasks_multilingual.truthfulqa_multi import (",
        "    process_docs_gen,", "    process_results_gen,", "    process_results_mc2,", ")", "",
        '__all__ = ["process_docs_gen", "process_results_gen", "process_results_mc2"]', ""]))


FAMILIES = [truthfulqa_multi]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
