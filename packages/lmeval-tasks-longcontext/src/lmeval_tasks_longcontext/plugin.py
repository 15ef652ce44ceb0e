"""Entry point of the pack: contributes the ``tasks`` directory to lmeval's task index."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks")
