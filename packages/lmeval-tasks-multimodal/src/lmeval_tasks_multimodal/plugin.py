"""Entry point of the pack: its ``tasks`` directory."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks")
