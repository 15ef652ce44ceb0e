"""Entry point of the pack: contributes the ``tasks/`` directory, and reports the sandbox in the results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lmeval.hookspecs import Register, hookimpl


@hookimpl
def lmeval_register_task_sources(register: Register) -> None:
    register(Path(__file__).parent / "tasks")


@hookimpl
def lmeval_run_end(results: dict[str, Any]) -> None:
    """``results["code_sandbox"]``: the containment layers the code tasks ran under, and what the
    machine lacked (also logged as a warning when the first program runs)."""
    from lmeval_tasks_code import execution
    from lmeval_tasks_code.sandbox import missing_protections

    if execution.last_layers:
        layers = dict(execution.last_layers)
        results["code_sandbox"] = {"layers": layers, "missing": missing_protections(layers)}
