"""Write the GPQA task configs (Rein et al., 2023, arXiv:2311.12022) as lm-eval 0.4.13 has them:
``Idavidrein/gpqa`` (configs ``gpqa_main``, ``gpqa_diamond``, ``gpqa_extended``; only a ``train``
split, read as the evaluation split and as the few-shot pool), the answers shuffled by
``lmeval_tasks_leaderboard.gpqa``. Five variants per config, all with tag ``gpqa``:

* ``zeroshot``            ``What is the correct answer to this question:<Q>`` ... ``Answer:``,
                          the letters ``(A)``..``(D)`` scored (acc, acc_norm), 0 shots;
* ``n_shot``              ``Question: <Q>`` ... ``Answer:`` after an instruction, letters scored
                          (shots only with ``--num_fewshot``, drawn from the same split);
* ``cot_zeroshot``        the zero-shot prompt ending ``Let's think step by step: ``, a greedy
                          generation (stop ``</s>``);
* ``cot_n_shot``          the same with the ``Question:`` prompt and the instruction;
* ``generative_n_shot``   the ``n_shot`` prompt generated (stops ``</s>``, ``Question:``,
                          ``<|im_end|>``).

The generated ones are scored by ``exact_match`` (case and punctuation ignored) after two
filters: ``strict-match`` (the text after ``The answer is ``) and ``flexible-extract`` (the last
``(X)`` letter, or the last option text quoted, as lm-eval's ``multi_choice_regex``).

The Open LLM Leaderboard's ``leaderboard_gpqa_{diamond,extended,main}`` (lm-eval's
``leaderboard/gpqa``): the zero-shot prompt ending ``Answer: ``, bracketed spans removed from the
answers, ``acc_norm`` only; group ``leaderboard_gpqa`` (acc_norm, size-weighted).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "gpqa.py"
CONFIGS = ("main", "diamond", "extended")
INSTRUCTION = ("Here are some example questions from experts. Answer the final question yourself, "
               "following the format of the previous questions exactly.\n")
OPTIONS = "\nChoices:\n(A) {{choice1}}\n(B) {{choice2}}\n(C) {{choice3}}\n(D) {{choice4}}\n"
ZERO_SHOT_QUESTION = "What is the correct answer to this question:{{Question}}" + OPTIONS
N_SHOT_QUESTION = "Question: {{Question}}" + OPTIONS
STEP_BY_STEP = "Let's think step by step: "
LETTERS = ["(A)", "(B)", "(C)", "(D)"]
_MEAN = {"aggregation": "mean", "higher_is_better": True}

#: variant -> (prompt, its ending, output type, instruction, process_docs helper)
VARIANTS: dict[str, tuple[str, str, str, bool, str]] = {
    "zeroshot": (ZERO_SHOT_QUESTION, "Answer:", "multiple_choice", False, "process_docs"),
    "n_shot": (N_SHOT_QUESTION, "Answer:", "multiple_choice", True, "process_docs_n_shot"),
    "cot_zeroshot": (ZERO_SHOT_QUESTION, STEP_BY_STEP, "generate_until", False, "process_docs_generative"),
    "cot_n_shot": (N_SHOT_QUESTION, STEP_BY_STEP, "generate_until", True, "process_docs_generative"),
    "generative_n_shot": (N_SHOT_QUESTION, "Answer:", "generate_until", True, "process_docs_generative"),
}
#: variant -> folder (lm-eval's)
FOLDERS = {"zeroshot": "zeroshot", "n_shot": "n_shot", "cot_zeroshot": "cot_zeroshot",
           "cot_n_shot": "cot_n_shot", "generative_n_shot": "generative"}

FILTERS = [
    {"name": "strict-match", "filter": [
        {"function": "regex", "regex_pattern": "(?<=The answer is )(.*)(?=.)"},
        {"function": "take_first"}]},
    {"name": "flexible-extract", "filter": [
        {"function": "multi_choice_regex", "group_select": -1, "ignore_case": True,
         "ignore_punctuation": True, "regex_pattern": "(\\([A-Z]\\))"},
        {"function": "take_first"}]},
]

UTILS = '''"""GPQA's answer shuffling (``lmeval_tasks_leaderboard.gpqa``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.gpqa import {name}

__all__ = ["{name}"]
'''


def config(variant: str, subset: str) -> dict[str, Any]:
    prompt, ending, output_type, instruction, helper = VARIANTS[variant]
    cfg: dict[str, Any] = {
        "task": f"gpqa_{subset}_{variant}", "tag": "gpqa", "dataset_path": "Idavidrein/gpqa",
        "dataset_name": f"gpqa_{subset}", "output_type": output_type,
        "process_docs": Function(f"utils.{helper}"),
        "training_split": "train", "validation_split": "train", "test_split": None,
    }
    if instruction:
        cfg["description"] = INSTRUCTION
    cfg.update({"doc_to_text": prompt + ending, "doc_to_target": "answer"})
    if output_type == "multiple_choice":
        cfg["doc_to_choice"] = LETTERS
    else:
        cfg["filter_list"] = FILTERS
        until = ["</s>"] if variant != "generative_n_shot" else ["</s>", "Question:", "<|im_end|>"]
        cfg["generation_kwargs"] = ({"until": until, "do_sample": False, "temperature": 0.0}
                                    if variant != "generative_n_shot" else {"until": until, "temperature": 0.0})
    if variant.endswith("zeroshot"):
        cfg["num_fewshot"] = 0
    if output_type == "multiple_choice":
        cfg["metric_list"] = [{"metric": "acc", **_MEAN}, {"metric": "acc_norm", **_MEAN}]
    else:
        cfg["metric_list"] = [{"metric": "exact_match", **_MEAN, "ignore_case": True, "ignore_punctuation": True}]
    cfg["metadata"] = {"version": 2.2}
    return cfg


def leaderboard_config(subset: str) -> dict[str, Any]:
    return {
        "task": f"leaderboard_gpqa_{subset}", "dataset_path": "Idavidrein/gpqa",
        "dataset_name": f"gpqa_{subset}", "output_type": "multiple_choice",
        "process_docs": Function("utils.process_docs_leaderboard"),
        "training_split": "train", "validation_split": "train", "test_split": None,
        "doc_to_text": ZERO_SHOT_QUESTION + "Answer: ", "doc_to_target": "answer", "doc_to_choice": LETTERS,
        "num_fewshot": 0, "metric_list": [{"metric": "acc_norm", **_MEAN}],
        "fewshot_config": {"sampler": "first_n"}, "metadata": {"version": 1.0},
    }


LEADERBOARD_SUBSETS = ("diamond", "extended", "main")


def task_names() -> list[str]:
    return ([f"gpqa_{subset}_{variant}" for variant in VARIANTS for subset in CONFIGS]
            + [f"leaderboard_gpqa_{subset}" for subset in LEADERBOARD_SUBSETS])


def group_names() -> list[str]:
    return ["leaderboard_gpqa"]


def main(root: Path = TASKS_ROOT) -> None:
    for variant, folder in FOLDERS.items():
        out = reset_dir(root / "gpqa" / folder)
        write_python(out / "utils.py", UTILS.format(name=VARIANTS[variant][4]), SCRIPT)
        for subset in CONFIGS:
            write_yaml(out / f"gpqa_{subset}_{variant}.yaml", config(variant, subset), SCRIPT)
    out = reset_dir(root / "leaderboard" / "gpqa")
    write_python(out / "utils.py", UTILS.format(name="process_docs_leaderboard"), SCRIPT)
    for subset in LEADERBOARD_SUBSETS:
        write_yaml(out / f"leaderboard_gpqa_{subset}.yaml", leaderboard_config(subset), SCRIPT)
    write_yaml(out / "_leaderboard_gpqa.yaml", {
        "group": "leaderboard_gpqa", "task": [f"leaderboard_gpqa_{s}" for s in LEADERBOARD_SUBSETS],
        "aggregate_metric_list": [{"metric": "acc_norm", "aggregation": "mean", "weight_by_size": True}]},
        SCRIPT)
