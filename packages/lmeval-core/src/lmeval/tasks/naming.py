"""The names one task source defines, given its files' naming records, as lm-eval 0.4.13 names them.

For each ``.yaml``/``.yml`` file in path order: its ``include`` chain is merged (each include's own
chain first; later includes win over earlier ones and the file's own keys over all of them), then
a ``class`` makes a task named by ``task``, else ``group`` makes a group, else ``task`` makes a
task. A file with none of them is a template. A name already taken in this source keeps its first
file (with a warning). A task's ``tag`` list makes tags. A file whose chain cannot be read (an
include missing, a cycle, invalid YAML) defines nothing; it is kept as *skipped*, with the reason,
so that asking for its name can say why instead of "unknown task".
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

Row = tuple  # (name, kind, path, distribution, tags, alias): an index entry as cached


class SourceNames:
    """The rows, warnings and skipped files of one source."""

    def __init__(self) -> None:
        self.rows: dict[str, Row] = {}
        self.warnings: list[str] = []
        self.skipped: dict[str, tuple[str, str]] = {}  # name the file gives itself -> (path, why)
        self.outside: dict[str, Any] = {}  # included files the source walk did not see -> stamp


def name_source(root: str, records: dict[str, dict[str, Any]], distribution: str,
                read: Callable[[str], dict[str, Any]]) -> SourceNames:
    """Name every file of one source. ``records`` maps a path relative to ``root`` to its naming
    record (:func:`lmeval.tasks.yamlscan.scan`); ``read`` scans a file the walk did not list."""
    out = SourceNames()
    merged: dict[str, dict[str, Any] | str] = {}
    records = dict(records)
    targets: dict[tuple[str, str], str] = {}  # (folder, include) -> path relative to root

    def target(rel: str, inc: str) -> str:
        key = (os.path.dirname(rel), inc)
        found = targets.get(key)
        if found is None:
            found = targets[key] = os.path.normpath(os.path.join(key[0], inc))
        return found

    def chain(rel: str, seen: tuple[str, ...]) -> dict[str, Any] | str:
        if rel in merged:
            return merged[rel]
        rec = records.get(rel)
        if rec is None:
            path = os.path.join(root, rel)
            try:
                st = os.stat(path)
                out.outside[path] = [st.st_mtime_ns, st.st_size]
            except OSError:
                out.outside[path] = None
                merged[rel] = "not found"
                return merged[rel]
            rec = records[rel] = read(path)
        if "_error" in rec:
            merged[rel] = rec["_error"]
            return merged[rel]
        include = rec.get("include", _ABSENT)
        if include is _ABSENT:
            merged[rel] = rec
            return rec
        result: dict[str, Any] = {}
        for inc in include if isinstance(include, list) else [include]:
            if not isinstance(inc, str):
                merged[rel] = f"include: expected a file name, got {inc!r}"
                return merged[rel]
            inc_rel = target(rel, inc)
            if inc_rel in seen or inc_rel == rel:
                merged[rel] = f"include cycle through {inc}"
                return merged[rel]
            sub = chain(inc_rel, (*seen, rel))
            if isinstance(sub, str):
                merged[rel] = f"include {inc}: {sub}"
                return merged[rel]
            result.update(sub)
        result.update(rec)
        result.pop("include", None)
        merged[rel] = result
        return result

    rows = out.rows
    for rel in sorted(records):
        if not rel.endswith((".yaml", ".yml")):
            continue
        path = os.path.join(root, rel)
        cfg = chain(rel, ())
        if isinstance(cfg, str):
            own = records[rel]
            guess = own.get("task") if "group" not in own or "class" in own else own.get("group")
            guess = own.get("_name", guess)
            if isinstance(guess, str):
                out.skipped.setdefault(guess, (path, cfg))
            continue
        if "class" in cfg:
            name, kind = cfg.get("task"), "task"
        elif "group" in cfg:
            name, kind = cfg["group"], "group"
        elif "task" in cfg:
            name, kind = cfg["task"], "task"
        else:
            continue  # a template, or settings only
        if not isinstance(name, str):  # a task list without a group, a number...: no name
            if isinstance(name, dict) and "not_a_string" in name:
                out.skipped.setdefault(name["not_a_string"], (path, f"its {kind} name is not a string"))
            continue
        previous = rows.get(name)
        if previous is not None:
            first = previous[2] or f"the tag of {', '.join(previous[4])}"
            out.warnings.append(f"lmeval: {kind} {name!r} in {path} is ignored: {first} already "
                                "defines it (the first file in path order wins, as in lm-eval)")
            continue
        tags = _as_list(cfg.get("tag")) if kind == "task" else []
        alias = cfg.get("task_alias" if kind == "task" else "group_alias")
        rows[name] = (name, kind, path, distribution, tags, alias if isinstance(alias, str) else None)
        for tag in tags:
            held = rows.get(tag)
            if held is None:
                rows[tag] = (tag, "tag", None, "", [name], None)
            elif held[1] == "tag":
                held[4].append(name)
            # else: a task or group has the tag's name: it keeps it, and lists no tag
    return out


_ABSENT = object()


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
