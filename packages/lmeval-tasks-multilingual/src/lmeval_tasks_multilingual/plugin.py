"""Entry point of the pack: contributes the ``tasks/`` directory to the task index."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import Register, hookimpl


@hookimpl
def lmeval_register_task_sources(register: Register) -> None:
    register(Path(__file__).parent / "tasks")
