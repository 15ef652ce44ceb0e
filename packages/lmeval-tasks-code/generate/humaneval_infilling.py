"""HumanEval infilling (Bavarian et al. 2022): fill the middle of a HumanEval solution; the program
prompt + middle + suffix runs against the problem's tests (greedy, pass@1), and the group
``humaneval_infilling`` is the unweighted mean of the four kinds of gap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import comment, custom_filter, pass_at_k, reset_dir, write_yaml

SCRIPT = "humaneval_infilling.py"
#: File stem -> (task name, dataset config); the first is the base the others include.
KINDS = {
    "multi_line_infilling": ("humaneval_multi_line_infilling", "HumanEval-MultiLineInfilling"),
    "single_line_infilling": ("humaneval_single_line_infilling", "HumanEval-SingleLineInfilling"),
    "random_span_infilling": ("humaneval_random_span_infilling", "HumanEval-RandomSpanInfilling"),
    "random_span_infilling_light": ("humaneval_random_span_infilling_light",
                                    "HumanEval-RandomSpanInfillingLight"),
}
BASE = "multi_line_infilling"


def main(root: Path) -> None:
    folder = reset_dir(root / "humaneval_infilling")
    write_yaml(folder / "humaneval_infilling.yaml", {
        "group": "humaneval_infilling",
        "task": [task for task, _ in KINDS.values()],
        "aggregate_metric_list": [{"metric": "pass@1", "aggregation": "mean", "weight_by_size": False}],
        "metadata": {"version": 1.0},
    }, SCRIPT)
    task, config = KINDS[BASE]
    write_yaml(folder / f"{BASE}.yaml", {
        "task": task,
        "dataset_path": "loubnabnl/humaneval_infilling",
        "dataset_name": config,
        "unsafe_code": True,
        "output_type": "generate_until",
        "test_split": "test",
        "doc_to_text": "{{suffix}}\n\n{{prompt}}",
        "doc_to_target": "{{test}}\ncheck({{entry_point}})",
        "metric_list": pass_at_k([1]),
        "generation_kwargs": {"max_gen_toks": 1024, "do_sample": False},
        "repeats": 1,
        "num_fewshot": 0,
        "filter_list": custom_filter("create_test", "utils.build_predictions"),
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
HumanEval infilling (Bavarian et al. 2022, arXiv:2207.14255): the model fills the middle of a
HumanEval solution; the prompt shows the code after the gap, a blank line, then the code before
it. The program prompt + middle + suffix runs against the problem's tests. Greedy, pass@1.
"""))
    for stem, (task, config) in KINDS.items():
        if stem == BASE:
            continue
        variant: dict[str, Any] = {"include": f"{BASE}.yaml", "task": task, "dataset_name": config}
        if stem == "single_line_infilling":  # one line: stop at its end
            variant["generation_kwargs"] = {"until": ["\n"], "max_gen_toks": 1024, "do_sample": False}
        write_yaml(folder / f"{stem}.yaml", variant, SCRIPT)
