"""The task engine: lm-eval compatible task YAML, prompts, few-shot, groups and the task index."""

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "TaskManager":  # lm-eval's import path; loaded on first use
        from lmeval.tasks.manager import TaskManager

        return TaskManager
    raise AttributeError(f"module 'lmeval.tasks' has no attribute {name!r}")
