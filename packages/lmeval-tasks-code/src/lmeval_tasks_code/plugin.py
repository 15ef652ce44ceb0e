"""Entry point of the pack: contributes the ``tasks/`` directory, and reports the sandbox in the results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lmeval.hookspecs import Register, hookimpl


@hookimpl
def lmeval_register_task_sources(register: Register) -> None:
    register(Path(__file__).parent / "tasks")


def _code_tasks() -> frozenset[str]:
    """The names of this pack's tasks and groups that execute code (``task:``/``group:`` lines of the YAML in a
    folder whose configs set ``unsafe_code: true``; code2text and jsonschema_bench run nothing)."""
    names = set()
    for folder in (Path(__file__).parent / "tasks").iterdir():
        configs = {p: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())
                   if p.suffix == ".yaml" or p.name.endswith("_yaml")}
        if not any("\nunsafe_code: true" in f"\n{text}" for text in configs.values()):
            continue
        for text in configs.values():
            for line in text.splitlines():
                if line.startswith(("task:", "group:")) and line.split(":", 1)[1].strip():
                    names.add(line.split(":", 1)[1].strip().strip("'\""))
    return frozenset(names)


@hookimpl
def lmeval_run_start(config: dict[str, Any]) -> None:
    """When a run includes a code task, probe the sandbox before the first request and warn,
    one line per missing layer, about every protection this machine lacks."""
    if set(config.get("tasks") or ()) & _code_tasks():
        from lmeval_tasks_code import execution

        execution.announce()


@hookimpl
def lmeval_run_end(results: dict[str, Any]) -> None:
    """``results["code_sandbox"]``: the containment layers the code tasks ran under, and what the
    machine lacked (also logged as a warning when the first program runs)."""
    from lmeval_tasks_code import execution
    from lmeval_tasks_code.sandbox import missing_protections

    if execution.last_layers:
        layers = dict(execution.last_layers)
        results["code_sandbox"] = {"layers": layers, "missing": missing_protections(layers)}
