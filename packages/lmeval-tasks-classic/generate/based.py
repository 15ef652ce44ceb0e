"""The Based paper's recall tasks (Arora et al., 2024, arXiv:2402.18668) as lm-eval 0.4.13
registers them (its ``squad_completion``, ``swde`` and ``fda`` folders, Python tasks there and
here: :mod:`lmeval_tasks_classic.based`): the validation split of ``hazyresearch/based-squad``,
``based-swde-v2`` and ``based-fda``, zero-shot, greedy, ``contains`` accuracy.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "based.py"
#: task → (class, Hub dataset)
TASKS = {"squad_completion": ("SquadCompletion", "hazyresearch/based-squad"),
         "swde": ("BasedRecall", "hazyresearch/based-swde-v2"),
         "fda": ("BasedRecall", "hazyresearch/based-fda")}


def config(task: str, cls: str, path: str) -> dict:
    return {"task": task, "class": Function(f"lmeval_tasks_classic.based.{cls}"), "dataset_path": path,
            "dataset_name": "default", "output_type": "generate_until", "validation_split": "validation",
            "metadata": {"version": 1}}


def main(root: Path) -> None:
    for task, (cls, path) in TASKS.items():
        write_yaml(reset_dir(root / task) / f"{task}.yaml", config(task, cls, path), SCRIPT)
