"""What a later ``lmeval rescore`` (or a rerun) needs that lm-eval's ``config`` does not hold:
the ``--include_path`` directories (absolute), the ``--tasks`` as given, each task's files with
their SHA-256 (the YAML, its includes, its ``!function`` modules) and the ``--executor``.

Written under ``results["config"]["lmeval"]`` so lm-eval 0.4.13's own keys stay as they are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lmeval.outputs import redact

#: The key of ``results["config"]`` this module writes.
KEY = "lmeval"


def include_paths(include_path: Any) -> list[str]:
    """``--include_path`` as absolute directories (a comma list or a list of them)."""
    if not include_path:
        return []
    parts = [include_path] if isinstance(include_path, str) else list(include_path)
    out = []
    for part in parts:
        for p in str(part).split(","):
            if p.strip():
                out.append(str(Path(p.strip()).expanduser().resolve()))
    return out


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def _function_files(value: Any, found: set[str]) -> None:
    from lmeval.tasks.yamlio import FunctionRef

    if isinstance(value, FunctionRef):
        module = value.spec.rpartition(".")[0]
        if module:
            candidate = Path(value.base_dir, *module.split(".")).with_suffix(".py")
            if candidate.is_file():
                found.add(str(candidate.resolve()))
    elif isinstance(value, dict):
        for v in value.values():
            _function_files(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _function_files(v, found)


def task_files(task: Any) -> dict[str, str | None]:
    """``{file: sha256}`` of the files one task was read from (empty for a task built in code)."""
    source = getattr(task.config, "source", None)
    files: set[str] = set()
    if source is not None:
        if getattr(source, "file", None):
            files.add(str(Path(source.file).resolve()))
        for origin in getattr(source, "__dict__", {}).get("origins", {}).values():
            if origin:
                files.add(str(Path(origin).resolve()))
        _function_files(dict(source), files)
    return {f: _sha256(Path(f)) for f in sorted(files)}


def record(config: Any, tasks: Iterable[Any]) -> dict[str, Any]:
    """The ``config["lmeval"]`` entry of a run of ``config`` (a RunConfig) over ``tasks``."""
    specs = [t if isinstance(t, str) else "<config dict>" for t in config.tasks]
    return {
        "tasks": specs,
        "include_path": include_paths(config.include_path),
        "task_files": {t.name: task_files(t) for t in tasks},
        "executor": redact.redact_text(config.executor) if config.executor else None,
        "metadata": dict(config.metadata) if config.metadata else None,
    }


def changed_files(recorded: dict[str, Any], task: Any) -> list[str]:
    """The files of ``task`` whose content differs from what the run recorded (sorted)."""
    before = recorded.get("task_files", {}).get(task.name)
    if not isinstance(before, dict):
        return []
    now = task_files(task)
    return sorted(f for f in before.keys() | now.keys() if before.get(f) != now.get(f))
