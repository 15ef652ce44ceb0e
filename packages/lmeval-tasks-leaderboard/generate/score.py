"""Write lm-eval 0.4.13's ``score`` task configs: NVIDIA's SCORE robustness suite (Nalbandyan et
al., 2025, arXiv:2503.00137) on AGIEval's English sets, MMLU-Pro and MATH.

Three kinds of task per dataset, each greedy unless said otherwise, up to 1,024 tokens:

* ``prompt_robustness_*``: every question under each of ten prompts; ``<k>_accuracy`` per prompt
  (``<k>_macro_accuracy`` for MMLU-Pro: averaged over categories) and ``consistency_rate`` (the
  share of answer pairs to one question that agree);
* ``option_order_robustness_*``: every question once per label with its gold option moved there;
  ``per_option_accuracy_<X>`` and ``options_consistency_rate`` (not for MATH);
* ``non_greedy_robustness_*``: one prompt, sampled at temperature 0.7; ``non_greedy_accuracy``.

The final answer is the word after the last "the best answer is" (MATH: the last boxed answer,
compared by ``math_equal``). Groups ``score_<kind>_robustness_agieval`` (and ``_math``) average
their tasks' metrics weighted by size; MMLU-Pro's three tasks carry the tag
``score_robustness_mmlu_pro``; ``score_robustness`` holds the three datasets.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "score.py"
AGIEVAL = ("aqua_rat", "logiqa_en", "lsat_ar", "lsat_lr", "lsat_rc", "sat_en", "sat_math")
MATH = {"algebra": "algebra", "counting_and_prob": "counting_and_probability", "geometry": "geometry",
        "intermediate_algebra": "intermediate_algebra", "num_theory": "number_theory",
        "prealgebra": "prealgebra", "precalc": "precalculus"}
KINDS = ("prompt", "option_order", "non_greedy")
GREEDY = {"until": [], "max_gen_toks": 1024, "do_sample": False}
SAMPLED = {"max_gen_toks": 1024, "do_sample": True, "temperature": 0.7, "until": []}


def _metric(name: str, aggregation: str) -> dict[str, Any]:
    return {"metric": name, "aggregation": Function(f"utils.{aggregation}"), "higher_is_better": True}


def metrics(kind: str, dataset: str) -> list[dict[str, Any]]:
    """The metric list of one kind of task (aggregations are ``utils`` functions)."""
    macro = "_macro" if dataset == "mmlu_pro" else ""
    if kind == "prompt":
        return [_metric(f"{k}{macro}_accuracy", f"per_prompt_accuracy_{k}") for k in range(10)] + [
            _metric("consistency_rate", "prompt_consistency_rate")]
    if kind == "option_order":
        labels = "ABCDEFGHIJ" if dataset == "mmlu_pro" else "ABCD"
        return [_metric(f"per_option{macro}_accuracy_{x}", f"per_option{macro}_accuracy_{x.lower()}")
                for x in labels] + [_metric("options_consistency_rate", "options_consistency_rate")]
    return [_metric(f"non_greedy{macro}_accuracy", f"non_greedy{macro}_accuracy")]


def task_config(kind: str, dataset: str, task: str, path: str, name: str | None) -> dict[str, Any]:
    config: dict[str, Any] = {"task": task}
    if dataset == "mmlu_pro":
        config["tag"] = "score_robustness_mmlu_pro"
    config.update({"dataset_path": path, "dataset_name": name, "output_type": "generate_until"})
    if dataset == "mmlu_pro":
        config["validation_split"] = "validation"
    config.update({
        "test_split": "test", "process_docs": Function(f"utils.{kind}_robustness_process_docs"),
        "doc_to_text": Function("utils.doc_to_text"), "doc_to_target": "answer",
        "generation_kwargs": SAMPLED if kind == "non_greedy" else GREEDY,
        "process_results": Function(f"utils.{kind}_robustness_process_results"),
        "metric_list": metrics(kind, dataset), "metadata": {"version": 1.0},
    })
    return config


def group_config(kind: str, dataset: str, tasks: list[str]) -> dict[str, Any]:
    return {"group": f"score_{kind}_robustness_{dataset}", "task": tasks,
            "aggregate_metric_list": [{"metric": m["metric"], "aggregation": "mean", "weight_by_size": True}
                                      for m in metrics(kind, dataset)],
            "metadata": {"version": 1.0}}


def utils_module(dataset: str, kinds: tuple[str, ...]) -> str:
    macro = "_macro" if dataset == "mmlu_pro" else ""
    names = ["doc_to_text", "prompt_consistency_rate"]
    names += [f"{kind}_robustness_{part}" for kind in kinds for part in ("process_docs", "process_results")]
    lines = [f'"""SCORE on {dataset} (``lmeval_tasks_leaderboard.score.{dataset}``) for the YAML beside this file."""',
             ""]
    if dataset == "math":
        lines += ["from lmeval_tasks_leaderboard.math.symbolic import require_libraries"]
    lines += [f"from lmeval_tasks_leaderboard.score.{dataset} import (  # noqa: F401"]
    lines += [f"    {n}," for n in sorted(names + (["non_greedy" + macro + "_accuracy"]) +
                                       (["options_consistency_rate", f"per_option{macro}_accuracy"]
                                        if "option_order" in kinds else []) + ["per_prompt_accuracy"])]
    lines += [")", ""]
    if dataset == "math":
        lines += ['require_libraries("SCORE\'s MATH scorer")', ""]
    lines += [f"per_prompt_accuracy_{k} = per_prompt_accuracy({k})" for k in range(10)]
    if "option_order" in kinds:
        labels = "ABCDEFGHIJ" if dataset == "mmlu_pro" else "ABCD"
        lines += [f'per_option{macro}_accuracy_{x.lower()} = per_option{macro}_accuracy("{x}")' for x in labels]
    return "\n".join(lines) + "\n"


def write_agieval(out: Path) -> None:
    write_python(out / "utils.py", utils_module("agieval", KINDS), SCRIPT)
    members: dict[str, list[str]] = {}
    for kind in KINDS:
        for name in AGIEVAL:
            task = f"{kind}_robustness_agieval_{name}"
            config = task_config(kind, "agieval", task, f"hails/agieval-{name.replace('_', '-')}", "default")
            write_yaml(out / f"{task}.yaml", config, SCRIPT)
            members.setdefault(kind, []).append(task)
        write_yaml(out / f"score_{kind}_robustness_agieval.yaml",
                   group_config(kind, "agieval", members[kind]), SCRIPT)
    write_yaml(out / "score_robustness_agieval.yaml", {
        "group": "score_robustness_agieval", "task": [f"score_{k}_robustness_agieval" for k in KINDS],
        "metadata": {"version": 1.0}}, SCRIPT)


def write_mmlu_pro(out: Path) -> None:
    write_python(out / "utils.py", utils_module("mmlu_pro", KINDS), SCRIPT)
    for kind in KINDS:
        task = f"score_{kind}_robustness_mmlu_pro"
        write_yaml(out / f"{task}.yaml", task_config(kind, "mmlu_pro", task, "TIGER-Lab/MMLU-Pro", "default"),
                   SCRIPT)


def math_config(kind: str, suffix: str) -> dict[str, Any]:
    config = task_config(kind, "math", f"{kind}_robustness_math_{suffix}", "EleutherAI/hendrycks_math",
                         MATH[suffix])
    config["generation_kwargs"] = SAMPLED if kind == "non_greedy" else {
        "until": [], "do_sample": False, "temperature": 0, "max_gen_toks": 1024}
    return config


def write_math(out: Path) -> None:
    kinds = ("prompt", "non_greedy")
    write_python(out / "utils.py", utils_module("math", kinds), SCRIPT)
    for kind in kinds:
        tasks = [f"{kind}_robustness_math_{suffix}" for suffix in MATH]
        for suffix, task in zip(MATH, tasks, strict=True):
            write_yaml(out / f"{task}.yaml", math_config(kind, suffix), SCRIPT)
        write_yaml(out / f"score_{kind}_robustness_math.yaml", group_config(kind, "math", tasks), SCRIPT)
    write_yaml(out / "score_robustness_math.yaml", {
        "group": "score_robustness_math", "task": [f"score_{k}_robustness_math" for k in kinds],
        "metadata": {"version": 1.0}}, SCRIPT)


def task_names() -> list[str]:
    return ([f"{k}_robustness_agieval_{n}" for k in KINDS for n in AGIEVAL]
            + [f"score_{k}_robustness_mmlu_pro" for k in KINDS]
            + [f"{k}_robustness_math_{s}" for k in ("prompt", "non_greedy") for s in MATH])


def main(root: Path = TASKS_ROOT) -> None:
    base = reset_dir(root / "score")
    write_agieval(reset_dir(base / "agi_eval"))
    write_mmlu_pro(reset_dir(base / "mmlu_pro"))
    write_math(reset_dir(base / "math"))
    write_yaml(base / "score_robustness.yaml", {
        "group": "score_robustness",
        "task": ["score_robustness_agieval", "score_robustness_mmlu_pro", "score_robustness_math"],
        "metadata": {"version": 1.0}}, SCRIPT)
