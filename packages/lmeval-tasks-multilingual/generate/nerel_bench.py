"""NEREL-bench (Bondarenko 2026; NEREL, Loukachevitch et al. 2021): Russian knowledge-graph
construction: entity recognition and definition, relation extraction and definition."""

from __future__ import annotations

from pathlib import Path

from _common import Fn, Tree

# ================================================================================== nerel-bench
# bond005/NEREL_bench (test), one config per task; three fixed few-shot examples each (lm-eval's).
FOLDER = "nerel-bench"
#: task → (alias, config, metric helper, few-shot helper)
NEREL = {
    "ru_entity_definition": ("RuEntityDefinition", "entity_definition", "chrf", "ned"),
    "ru_entity_recognition": ("RuEntityRecognition", "entity_recognition", "f1", "ner"),
    "ru_relation_definition": ("RuRelationDefinition", "relation_definition", "chrf", "rd"),
    "ru_relation_extraction": ("RuRelationExtraction", "relation_extraction", "f1", "re"),
}


def nerel_bench(tree: Tree) -> None:
    tree.write(f"{FOLDER}/_template_yaml", {
        "dataset_path": "bond005/NEREL_bench", "test_split": "test", "output_type": "generate_until",
        "doc_to_text": "input_task", "doc_to_target": "true_answer", "process_docs": Fn("utils.process_docs"),
        "generation_kwargs": {"until": ["</s>", "<|im_end|>"], "do_sample": False, "temperature": 0.0,
                              "max_gen_toks": 512},
        "num_fewshot": 3})
    for task, (alias, config, metric, shots) in NEREL.items():
        entry = {"metric": Fn(f"utils.{metric}"), "aggregation": "mean"}
        if metric == "chrf":
            entry.update(ignore_case=True, ignore_punctuation=True)
        entry["higher_is_better"] = True
        tree.write(f"{FOLDER}/{task}.yaml", {
            "tag": ["nerel-bench"], "task": task, "task_alias": alias, "dataset_name": config,
            "include": "_template_yaml", "metric_list": [entry], "metadata": {"version": 1.0},
            "fewshot_config": {"sampler": "first_n", "samples": Fn(f"utils.fewshot_samples_for_{shots}")}})
    tree.write_python(f"{FOLDER}/utils.py", "\n".join([
        '"""NEREL-bench: prompts from the instruction and context, line-set F1 and chrF, fixed few-shot examples."""',
        "", "from lmeval_tasks_multilingual.nerel import (", "    chrf,", "    f1,", "    fewshot_samples_for_ned,",
        "    fewshot_samples_for_ner,", "    fewshot_samples_for_rd,", "    fewshot_samples_for_re,",
        "    process_docs,", ")", "",
        '__all__ = ["chrf", "f1", "fewshot_samples_for_ned", "fewshot_samples_for_ner", "fewshot_samples_for_rd",',
        '           "fewshot_samples_for_re", "process_docs"]', ""]))


FAMILIES = [nerel_bench]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
