"""Write the Open LLM Leaderboard's BIG-Bench Hard task configs (Suzgun et al., 2022,
arXiv:2210.09261) as lm-eval 0.4.13 has them (``leaderboard/bbh_mc``): 24 subtasks of
``SaylorTwift/bbh`` (``test`` split; not ``dyck_languages``, ``multistep_arithmetic_two``,
``word_sorting``), scored as multiple choice: the subtask's description, three exemplars
(``Q: <input>⏎A: <answer>``, the answer-only prompts of the paper), ``Q: <input>⏎A:``, each
possible answer scored (``acc_norm``). Group ``leaderboard_bbh`` (acc_norm, size-weighted).

Descriptions and exemplars come from the BBH pack's ``bbh_prompts.json`` (the BBH authors'
published prompts, ``packages/lmeval-tasks-bbh/generate/bbh.py`` says where from): the
description and each exemplar's ``input`` and final answer (``target``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, reset_dir, write_yaml

SCRIPT = "leaderboard_bbh.py"
PROMPTS = Path(__file__).resolve().parents[2] / "lmeval-tasks-bbh" / "generate" / "bbh_prompts.json"


def letters(count: int) -> list[str]:
    return [f"({chr(65 + i)})" for i in range(count)]


#: subtask -> its possible answers, in lm-eval's order
CHOICES: dict[str, list[str]] = {
    "boolean_expressions": ["False", "True"],
    "causal_judgement": ["Yes", "No"],
    "date_understanding": letters(6),
    "disambiguation_qa": letters(3),
    "formal_fallacies": ["valid", "invalid"],
    "geometric_shapes": letters(11),
    "hyperbaton": letters(2),
    "logical_deduction_five_objects": letters(5),
    "logical_deduction_seven_objects": letters(7),
    "logical_deduction_three_objects": letters(3),
    "movie_recommendation": letters(6),
    "navigate": ["Yes", "No"],
    "object_counting": [str(n) for n in range(19)],
    "penguins_in_a_table": letters(5),
    "reasoning_about_colored_objects": letters(18),
    "ruin_names": letters(6),
    "salient_translation_error_detection": letters(6),
    "snarks": letters(2),
    "sports_understanding": ["yes", "no"],
    "temporal_sequences": letters(4),
    "tracking_shuffled_objects_five_objects": letters(5),
    "tracking_shuffled_objects_seven_objects": letters(7),
    "tracking_shuffled_objects_three_objects": letters(3),
    "web_of_lies": ["Yes", "No"],
}


def config(subtask: str, prompts: dict[str, Any]) -> dict[str, Any]:
    prompt = prompts[subtask]
    return {
        "task": f"leaderboard_bbh_{subtask}", "dataset_path": "SaylorTwift/bbh", "dataset_name": subtask,
        "output_type": "multiple_choice", "test_split": "test", "description": prompt["description"],
        "doc_to_text": "Q: {{input}}\nA:", "doc_to_target": "{{target}}", "doc_to_choice": CHOICES[subtask],
        "num_fewshot": 3,
        "fewshot_config": {"sampler": "first_n",
                           "samples": [{"input": s["input"], "target": s["target"]} for s in prompt["shots"]]},
        "metric_list": [{"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0},
    }


def task_names() -> list[str]:
    return [f"leaderboard_bbh_{s}" for s in CHOICES]


def group_names() -> list[str]:
    return ["leaderboard_bbh"]


def main(root: Path = TASKS_ROOT) -> None:
    prompts = json.loads(PROMPTS.read_text(encoding="utf-8"))
    out = reset_dir(root / "leaderboard" / "bbh_mc")
    for subtask in CHOICES:
        write_yaml(out / f"leaderboard_bbh_{subtask}.yaml", config(subtask, prompts), SCRIPT)
    write_yaml(out / "_leaderboard_bbh.yaml", {
        "group": "leaderboard_bbh", "task": task_names(),
        "aggregate_metric_list": [{"metric": "acc_norm", "aggregation": "mean", "weight_by_size": True}]},
        SCRIPT)
