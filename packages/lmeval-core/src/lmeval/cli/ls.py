"""``lmeval ls``: what is installed — models, tasks, groups, tags, metrics, filters, plugins."""

from __future__ import annotations

import argparse
import sys
from typing import Any

WHAT = ("models", "tasks", "groups", "tags", "metrics", "filters", "aggregations", "samplers",
        "reporters", "executors", "plugins")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ls", help="list installed models, tasks, groups, tags, metrics, filters, reporters, plugins",
                       description="List what is installed and which distribution provides it.")
    p.add_argument("what", nargs="?", default="tasks", choices=WHAT, help="what to list (default: tasks)")
    p.add_argument("--include_path", action="append", default=None, metavar="<path>",
                   help="extra directory of task YAMLs")
    p.add_argument("--plugins", action="append", default=None, metavar="<module|file.py>",
                   help="load a local plugin module")
    p.add_argument("--verbose", "-V", action="store_true", help="tracebacks on errors")
    p.set_defaults(handler=handle)


def _rows(rows: list[tuple[str, ...]], headers: tuple[str, ...]) -> str:
    """Left-aligned columns two spaces apart, trailing spaces stripped (15,000 rows in ~6 ms)."""
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in headers]
    widths = [max(len(h), max(map(len, col), default=0)) for h, col in zip(headers, columns, strict=True)]
    padded = [[cell.ljust(w) for cell in (h, *col)]
              for h, col, w in zip(headers[:-1], columns[:-1], widths[:-1], strict=True)]
    lines = map("  ".join, zip(*padded, (headers[-1], *columns[-1]), strict=True))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _note(pm: Any, notes: dict[str, str], name: str, path: str | None) -> str:
    """The pack's note on ``name`` when the listed file is that pack's: a name another directory
    overrides (``--include_path``) is not the task the note describes."""
    note = notes.get(name, "")
    root = getattr(pm, "task_note_roots", {}).get(name)
    if note and root is not None and path:
        from pathlib import Path

        if not Path(path).resolve().is_relative_to(root.resolve()):
            return ""
    return note


def handle(args: argparse.Namespace) -> int:
    from lmeval.plugins import PluginManager

    out = sys.stdout
    if args.what in ("tasks", "groups", "tags"):
        # task directories come from plugins only; the built-in modules (metrics, filters, the
        # dummy model) register none, so a listing does not import them
        pm = PluginManager(plugins=args.plugins or (), builtins=False)
        from lmeval.tasks.index import TaskIndex, task_sources

        index = TaskIndex(task_sources(pm, args.include_path))
        kind = args.what[:-1]
        table = index.rows  # name -> (name, kind, path, distribution, tags, alias)
        notes = getattr(pm, "task_notes", {})  # from the packs' register(path, notes=...)
        rows: list[tuple[str, ...]] = []
        for name in sorted(n for n, row in table.items() if row[1] == kind):
            _, _, path, dist, tags, _ = table[name]
            if kind == "tag":  # a tag's distribution: its members'
                source = ", ".join(sorted({table[m][3] for m in tags if m in table})) or "-"
                rows.append((name, source, f"{len(tags)} tasks"))
            else:  # the distribution of the source the file was found in
                rows.append((name, dist, path or "", _note(pm, notes, name, path)))
        headers = (("tag", "distribution", "members") if args.what == "tags"
                   else (args.what[:-1], "distribution", "config", "notes"))
        if kind != "tag" and not any(row[3] for row in rows):  # the column only when a pack wrote one
            rows, headers = [row[:3] for row in rows], headers[:3]
        out.write(_rows(rows, headers))
        if not any(dist.startswith("lmeval-tasks-") for _, dist in index.sources):
            from lmeval.tasks.packnames import no_pack_note

            print(no_pack_note(), file=sys.stderr)
        for name, (path, why) in sorted(index.skipped.items()):  # invalid YAML, an alias bomb ...
            print(f"lmeval: warning: {path}: not listed ({name!r}): {why}", file=sys.stderr)
        return 0
    pm = PluginManager(plugins=args.plugins or ())
    if args.what == "plugins":
        pm.fill_all()  # a registration hook that raises shows up as broken too
        rows = [(name, dist, version) for name, dist, version in pm.plugins()]
        out.write(_rows(rows, ("plugin", "distribution", "version")))
        for name, error in pm.failed.items():
            out.write(f"{name}: BROKEN (disabled, contributes nothing): {error}\n")
        return 0
    registry: Any = {"models": pm.models, "metrics": pm.metrics, "filters": pm.filters,
                     "aggregations": pm.aggregations, "samplers": pm.samplers,
                     "reporters": pm.reporters, "executors": pm.executors}[args.what]
    rows = []
    for entry in registry.entries():
        aliases = ", ".join(registry.aliases_of(entry.name))
        if args.what == "metrics":  # which task output types each metric is meant for
            types = entry.meta.get("output_types") or ()
            types = [types] if isinstance(types, str) else types
            rows.append((entry.name, entry.distribution, ", ".join(types), aliases))
        else:
            rows.append((entry.name, entry.distribution, aliases))
    headers = (args.what[:-1], "distribution", "aliases")
    out.write(_rows(rows, headers[:2] + ("output types",) + headers[2:] if args.what == "metrics" else headers))
    if args.what == "models":
        from lmeval.plugins import KNOWN_BACKENDS

        missing = sorted({d for n, d in KNOWN_BACKENDS.items() if n not in registry})
        if missing:
            out.write(f"\nnot installed: {', '.join(missing)} (pip install <name>)\n")
    return 0
