"""Write RULER's task configs (Hsieh et al., 2024, arXiv:2404.06654) as lm-eval 0.4.13 has them.

13 tasks, each with tag ``longcxt``, in the group ``ruler``: their documents are built when the
task loads (``custom_dataset``, :mod:`lmeval_tasks_longcontext.ruler.builders`) from the tokenizer
the metadata names and for each length of ``max_seq_lengths`` (default ``[4096]``). The prompt is
the document (``{{input}}``), the answer starts with the document's ``gen_prefix``, generation is
greedy with the task's budget, and each document's score (references found in the answer: all
of them, or for the QA tasks the best part) is reported under its length; the metrics
``"4096"`` ... ``"131072"`` average the documents of that length (-1 when there are none). The
group averages ``"4096"`` unweighted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "ruler.py"
LENGTHS = ("4096", "8192", "16384", "32768", "65536", "131072")
NIAH = ("niah_single_1", "niah_single_2", "niah_single_3", "niah_multikey_1", "niah_multikey_2",
        "niah_multikey_3", "niah_multivalue", "niah_multiquery")
#: task -> (builder, max_gen_toks, target_delimiter, process_results)
OTHERS: dict[str, tuple[str, int, str | None, str | None]] = {
    "ruler_vt": ("get_vt_dataset", 30, None, None),
    "ruler_cwe": ("get_cw_dataset", 120, "\n\n", None),
    "ruler_fwe": ("fwe_download", 50, None, None),
    "ruler_qa_squad": ("get_squad", 32, None, "process_results_part"),
    "ruler_qa_hotpot": ("get_hotpotqa", 32, None, "process_results_part"),
}
GROUP = ["niah_single_1", "niah_single_2", "niah_single_3", "niah_multikey_1", "niah_multikey_2",
         "niah_multikey_3", "niah_multiquery", "niah_multivalue", "ruler_vt", "ruler_cwe", "ruler_fwe",
         "ruler_qa_squad", "ruler_qa_hotpot"]

UTILS = '''"""RULER's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.ruler`)."""

from lmeval_tasks_longcontext.ruler.builders import (
    fwe_download,
    get_cw_dataset,
    get_hotpotqa,
    get_squad,
    get_vt_dataset,
    niah_multikey_1,
    niah_multikey_2,
    niah_multikey_3,
    niah_multiquery,
    niah_multivalue,
    niah_single_1,
    niah_single_2,
    niah_single_3,
)
from lmeval_tasks_longcontext.ruler.scoring import (
    aggregate_metrics,
    process_results,
    process_results_part,
)

__all__ = ["aggregate_metrics", "fwe_download", "get_cw_dataset", "get_hotpotqa", "get_squad", "get_vt_dataset",
           "niah_multikey_1", "niah_multikey_2", "niah_multikey_3", "niah_multiquery", "niah_multivalue",
           "niah_single_1", "niah_single_2", "niah_single_3", "process_results", "process_results_part"]
'''


def base() -> dict[str, Any]:
    return {
        "tag": ["longcxt"], "task": "niah_single_1", "dataset_path": "", "dataset_name": "",
        "output_type": "generate_until", "test_split": "test",
        "custom_dataset": Function("utils.niah_single_1"),
        "doc_to_text": "{{input}}", "doc_to_target": "{{outputs}}", "gen_prefix": "{{gen_prefix}}",
        "target_delimiter": " ", "process_results": Function("utils.process_results"),
        "metric_list": [{"metric": n, "aggregation": Function("utils.aggregate_metrics"), "higher_is_better": True}
                        for n in LENGTHS],
        "generation_kwargs": {"do_sample": False, "temperature": 0.0, "max_gen_toks": 128, "until": []},
        "repeats": 1, "metadata": {"version": 1.0},
    }


def config(task: str) -> dict[str, Any]:
    if task == "niah_single_1":
        return base()
    cfg: dict[str, Any] = {"include": "niah_single_1.yaml", "task": task}
    if task in NIAH:
        cfg["custom_dataset"] = Function(f"utils.{task}")
        return cfg
    builder, tokens, delimiter, results = OTHERS[task]
    if task == "ruler_qa_hotpot":
        return {"include": "qa_squad.yaml", "task": task, "custom_dataset": Function(f"utils.{builder}")}
    cfg["custom_dataset"] = Function(f"utils.{builder}")
    if delimiter is not None:
        cfg["target_delimiter"] = delimiter
    if results is not None:
        cfg["process_results"] = Function(f"utils.{results}")
        cfg["test_split"] = "test"
    cfg["generation_kwargs"] = {"do_sample": False, "temperature": 0.0, "max_gen_toks": tokens, "until": []}
    return cfg


FILES = {**{t: t for t in NIAH}, "ruler_vt": "vt", "ruler_cwe": "cwe", "ruler_fwe": "fwe",
         "ruler_qa_squad": "qa_squad", "ruler_qa_hotpot": "qa_hotpot"}


def task_names() -> list[str]:
    return list(GROUP)


def group_names() -> list[str]:
    return ["ruler"]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "ruler")
    write_python(out / "utils.py", UTILS, SCRIPT)
    for task, stem in FILES.items():
        write_yaml(out / f"{stem}.yaml", config(task), SCRIPT)
    write_yaml(out / "ruler.yaml", {
        "group": "ruler", "task": GROUP,
        "aggregate_metric_list": [{"metric": "4096", "weight_by_size": False}], "metadata": {"version": 1}}, SCRIPT)
