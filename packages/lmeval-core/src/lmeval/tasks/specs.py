"""What ``--tasks`` may name, as lm-eval reads it: task, group and tag names (wildcards allowed),
YAML files (``my_task.yaml``, globs such as ``tasks/*.yaml``) and directories of YAML files.

A file is loaded with its ``include`` chain and ``!function`` references resolved relative to
it; a directory contributes every ``*.yaml`` directly inside it. A registered name always wins
over a directory of the same name (lm-eval's rule: an output folder named ``mbpp`` does not
shadow the ``mbpp`` task).
"""

from __future__ import annotations

import glob
from collections.abc import Container, Iterable
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

YAML_SUFFIXES = (".yaml", ".yml")


def is_yaml_spec(spec: str) -> bool:
    return spec.lower().endswith(YAML_SUFFIXES)


def yaml_files(spec: str, registered: Container[str]) -> list[Path] | None:
    """The YAML files ``spec`` names, or None when ``spec`` is a name for the index."""
    if spec in registered:
        return None
    if is_yaml_spec(spec):
        pattern = str(Path(spec).expanduser())
        found = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else (
            [pattern] if Path(pattern).is_file() else [])
        if not found:
            what = "matches" if glob.has_magic(pattern) else "exists at"
            raise UsageError(f"--tasks: no YAML file {what} {spec!r}")
        return [Path(f).resolve() for f in found]
    path = Path(spec).expanduser()
    if path.is_dir():
        found = sorted(p for p in path.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())
        if not found:
            raise UsageError(f"--tasks: directory {spec!r} holds no *.yaml files "
                             f"(to add a folder of tasks to the index, use --include_path)")
        return [p.resolve() for p in found]
    return None


def expand(specs: Iterable[Any], registered: Container[str]) -> list[Any]:
    """``specs`` with every YAML path replaced by its loaded config (a ``LocatedDict``, which
    remembers its file); names, dicts and other objects pass through, duplicates dropped."""
    from lmeval.tasks.yamlio import load_config

    out: list[Any] = []
    seen: set[str] = set()
    for spec in specs:
        files = yaml_files(spec, registered) if isinstance(spec, str) else None
        if files is None:
            out.append(spec)
            continue
        for file in files:
            if str(file) not in seen:
                seen.add(str(file))
                out.append(load_config(file))
    return out
