"""GraphWalks (``openai/graphwalks``) as lm-eval 0.4.13 has it (folder ``graphwalks``): walk a
graph given as an edge list and name the nodes asked for; ``graphwalks_128k`` and
``graphwalks_1M`` read one parquet file each (``custom_dataset``), one generation of up to 16,384
tokens, scored by the set F1 of the listed nodes (``f1``: the last line's ``Final Answer: [...]``;
``flexible_f1``: the last such line); the group ``graphwalks`` averages both weighted by size.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "graphwalks.py"
FILES = {"graphwalks_128k": "graphwalks_128k_and_shorter.parquet",
         "graphwalks_1M": "graphwalks_256k_to_1mil.parquet"}
METRICS = ("f1", "flexible_f1")


def task(name: str, data_file: str) -> dict:
    return {"task": name, "custom_dataset": Function("graphwalks_helpers.load_dataset"),
            "dataset_kwargs": {"data_file": data_file}, "output_type": "generate_until", "test_split": "train",
            "doc_to_text": "{{prompt}}", "doc_to_target": "{{answer_nodes}}",
            "process_results": Function("graphwalks_helpers.process_results"), "target_delimiter": "",
            "generation_kwargs": {"until": ["</s>", "<|im_end|>", "<|endoftext|>"], "max_gen_toks": 16384},
            "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in METRICS],
            "metadata": {"version": 0.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "graphwalks")
    comment = "# GraphWalks (openai/graphwalks): graph traversal over long edge lists.\n"
    write_yaml(out / "graphwalks.yaml", {
        "group": "graphwalks", "task": list(FILES),
        "aggregate_metric_list": [{"metric": m, "weight_by_size": True} for m in METRICS],
        "metadata": {"version": 0.0}}, SCRIPT, comment)
    for name, data_file in FILES.items():
        write_yaml(out / f"{name}.yaml", task(name, data_file), SCRIPT, comment)
