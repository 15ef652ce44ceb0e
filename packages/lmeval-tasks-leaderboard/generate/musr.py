"""Write the Open LLM Leaderboard's MuSR task configs (Sprague et al., 2023, arXiv:2310.16049) as
lm-eval 0.4.13 has them (``leaderboard/musr``): ``TAUR-Lab/MuSR``, one task per split
(``murder_mysteries``, ``object_placements``, ``team_allocation``), zero-shot; the narrative, the
question and the numbered choices, then ``Answer:``; the choices themselves scored (``acc_norm``),
the gold being ``answer_choice``. Group ``leaderboard_musr`` (acc_norm, size-weighted).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "musr.py"
SPLITS = ("murder_mysteries", "object_placements", "team_allocation")

UTILS = '''"""MuSR's prompt (``lmeval_tasks_leaderboard.musr``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.musr import doc_to_text

__all__ = ["doc_to_text"]
'''


def config(split: str) -> dict[str, Any]:
    return {
        "task": f"leaderboard_musr_{split}", "dataset_path": "TAUR-Lab/MuSR", "test_split": split,
        "output_type": "multiple_choice", "doc_to_text": Function("utils.doc_to_text"),
        "doc_to_target": "{{answer_choice}}", "doc_to_choice": "{{choices}}",
        "metric_list": [{"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 1.0},
    }


def task_names() -> list[str]:
    return [f"leaderboard_musr_{s}" for s in SPLITS]


def group_names() -> list[str]:
    return ["leaderboard_musr"]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "leaderboard" / "musr")
    write_python(out / "utils.py", UTILS, SCRIPT)
    for split in SPLITS:
        write_yaml(out / f"leaderboard_musr_{split}.yaml", config(split), SCRIPT)
    write_yaml(out / "_leaderboard_musr.yaml", {
        "group": "leaderboard_musr", "task": task_names(),
        "aggregate_metric_list": [{"metric": "acc_norm", "aggregation": "mean", "weight_by_size": True}]},
        SCRIPT)
