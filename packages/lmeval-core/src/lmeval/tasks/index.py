"""The task index: every task, group and tag name of every source, found without parsing YAML.

A cold build reads each YAML file's top-level ``task``/``group``/``tag``/``include`` lines with
a line scanner (full YAML parsing only when a file is unusual). The scan is cached per source
directory, keyed on each file's path, mtime and size; the built index is cached too, keyed on a
digest of every file's stamp in every source. A warm listing therefore stats each file once and
loads one JSON file; any added, removed or edited file (an in-place edit included) misses the
digest and rebuilds from the per-directory scans, rescanning only the files that changed.
Later sources override earlier ones, with a warning naming both files (repeated on warm loads).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import logging
import marshal
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lmeval.cachedir import cache_root, write_json
from lmeval.errors import UsageError, closest

log = logging.getLogger("lmeval")

CACHE_VERSION = 2
BUILT_VERSION = 1
_KEY = re.compile(r"^(task|group|tag|include|task_alias|group_alias)\s*:(.*)$")
_ITEM = re.compile(r"^\s+-\s*(.*)$")


@dataclass(slots=True)
class IndexEntry:
    name: str
    kind: str  # "task" | "group" | "tag"
    path: str | None = None
    distribution: str = "local"
    tags: list[str] = field(default_factory=list)
    alias: str | None = None


def _scalar(text: str) -> Any:
    text = text.strip()
    if not text:
        return None
    if text[0] in "'\"[{" or ": " in text or " #" in text:
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError:
            return text
    return text


def scan_file(path: Path) -> dict[str, Any]:
    """Top-level naming keys of one YAML file: ``{"task": ..., "group": ..., "tag": ..., ...}``."""
    found: dict[str, Any] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    i = 0
    while i < len(lines):
        m = _KEY.match(lines[i])
        i += 1
        if not m:
            continue
        key, rest = m.group(1), m.group(2)
        if rest.strip().startswith(("!", "&", "*", "|", ">")):
            return _full_scan(path)
        value = _scalar(rest)
        if value is None:
            items: list[Any] = []
            while i < len(lines) and (lines[i].startswith((" ", "\t", "-")) or not lines[i].strip()):
                item = _ITEM.match(lines[i]) if not lines[i].startswith("-") else re.match(r"^-\s*(.*)$", lines[i])
                if item:
                    text = item.group(1)
                    if ":" in text and not text.startswith(("'", '"')):
                        items.append({"_": text})  # an inline mapping: a group member config
                    else:
                        items.append(_scalar(text))
                i += 1
            value = items
        found[key] = value
    return found


def _full_scan(path: Path) -> dict[str, Any]:
    from lmeval.tasks.yamlio import read_yaml

    try:
        data = read_yaml(path)
    except Exception:
        return {}
    return {k: data[k] for k in ("task", "group", "tag", "include", "task_alias", "group_alias") if k in data}


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    return [v for v in value if isinstance(v, str)]


def _cache_dir() -> Path:
    return cache_root() / "index"


class DirectoryScan:
    """The naming records of one source directory, cached on disk."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        digest = hashlib.sha1(str(self.root).encode()).hexdigest()[:16]
        self.cache_file = _cache_dir() / f"{digest}.json"
        self.records: dict[str, dict[str, Any]] = {}
        self._walked: list[tuple[str, os.stat_result]] | None = None

    def stamps(self) -> list[tuple[str, os.stat_result]]:
        """Every YAML file under the root with its stat (walked once, kept for ``load``)."""
        if self._walked is None:
            self._walked = self._walk()
        return self._walked

    def digest(self) -> bytes:
        """What changes when any file is added, removed, renamed, resized or touched."""
        stamps = self.stamps()
        flat = ([rel for rel, _ in stamps], [st.st_mtime_ns for _, st in stamps],
                [st.st_size for _, st in stamps])
        return hashlib.sha1(marshal.dumps(flat)).digest()

    def load(self) -> dict[str, dict[str, Any]]:
        cached: dict[str, Any] = {}
        try:
            with open(self.cache_file, encoding="utf-8") as fh:
                blob = json.load(fh)
            if blob.get("version") == CACHE_VERSION and blob.get("root") == str(self.root):
                cached = blob["files"]
        except (OSError, ValueError, KeyError):
            cached = {}
        files: dict[str, Any] = {}
        dirty = False
        for rel, stat in self.stamps():
            stamp = [stat.st_mtime_ns, stat.st_size]
            old = cached.get(rel)
            if old is not None and old[0] == stamp:
                files[rel] = old
            else:
                files[rel] = [stamp, scan_file(self.root / rel)]
                dirty = True
        if dirty or len(files) != len(cached):
            self._save(files)
        self.records = {rel: rec for rel, (_, rec) in files.items()}
        return self.records

    def _walk(self) -> list[tuple[str, os.stat_result]]:
        out: list[tuple[str, os.stat_result]] = []
        append = out.append
        stack = [(str(self.root), "")]
        while stack:
            current, rel_dir = stack.pop()
            try:
                it = os.scandir(current)
            except OSError:
                continue
            with it:
                for entry in it:
                    name = entry.name
                    if "yaml" in name or name.endswith(".yml"):  # the common case first
                        if not entry.is_dir():
                            append((rel_dir + name, entry.stat()))
                            continue
                    if entry.is_dir() and not name.startswith((".", "__pycache__")):
                        stack.append((entry.path, rel_dir + name + "/"))
        return out

    def _save(self, files: dict[str, Any]) -> None:
        write_json(self.cache_file, {"version": CACHE_VERSION, "root": str(self.root), "files": files},
                   what="index cache")


class TaskIndex:
    """Names → entries for every task source, built lazily and cached."""

    def __init__(self, sources: list[tuple[Path, str]]) -> None:
        self.sources = sources
        self._entries: dict[str, IndexEntry] | None = None

    @property
    def entries(self) -> dict[str, IndexEntry]:
        if self._entries is None:
            self._entries = self._build()
        return self._entries

    def _build(self) -> dict[str, IndexEntry]:
        scans = []
        for root, dist in self.sources:
            if not root.is_dir():
                raise UsageError(f"task directory {str(root)!r} does not exist")
            scans.append((DirectoryScan(root), dist))
        ident = repr([(str(root), str(scan.root), dist)
                      for (scan, dist), (root, _) in zip(scans, self.sources, strict=False)]).encode()
        cache_file = _cache_dir() / f"built-{hashlib.sha1(ident).hexdigest()[:16]}.json"
        digest = hashlib.sha1(ident + b"".join(scan.digest() for scan, _ in scans)).hexdigest()
        hit = _read_built(cache_file, digest)
        if hit is not None:
            rows, warnings = hit
            for message in warnings:
                log.warning(message)
            return {row[0]: IndexEntry(*row) for row in rows}
        warnings: list[str] = []
        entries = self._build_from(scans, warnings)
        rows = [(e.name, e.kind, e.path, e.distribution, list(e.tags), e.alias)
                for e in entries.values()]
        _write_built(cache_file, digest, rows, warnings)
        return entries

    def _build_from(self, scans: list[tuple[DirectoryScan, str]],
                    warnings: list[str]) -> dict[str, IndexEntry]:
        entries: dict[str, IndexEntry] = {}
        tags: dict[str, list[str]] = {}
        for (scan, dist), (root, _) in zip(scans, self.sources, strict=False):
            records = scan.load()
            root_s = str(root)
            for rel, rec in sorted(records.items()):
                if not rel.endswith((".yaml", ".yml")):
                    continue
                path = os.path.join(root_s, rel)
                task, group = rec.get("task"), rec.get("group")
                if isinstance(task, str):
                    name, kind = task, "task"
                    file_tags = _as_list(rec.get("tag")) or self._inherited_tags(root, rel, records)
                    if isinstance(group, (str, list)) and not rec.get("tag"):
                        file_tags = file_tags or _as_list(group)
                elif isinstance(group, str):
                    name, kind, file_tags = group, "group", []
                else:
                    continue
                entry = IndexEntry(name, kind, path, dist, file_tags,
                                   rec.get("task_alias") if kind == "task" else rec.get("group_alias"))
                previous = entries.get(name)
                if previous is not None and previous.kind != "tag":
                    if previous.path != path:
                        message = (f"lmeval: {kind} {name!r} in {path} overrides the one in "
                                   f"{previous.path}")
                        warnings.append(message)
                        log.warning(message)
                entries[name] = entry
                for tag in file_tags:
                    tags.setdefault(tag, []).append(name)
        for tag, members in tags.items():
            if tag in entries and entries[tag].kind != "tag":
                log.debug("lmeval: tag %r has the name of a %s; the %s wins", tag,
                          entries[tag].kind, entries[tag].kind)
                continue
            live = sorted({m for m in members if m in entries and tag in entries[m].tags})
            entries[tag] = IndexEntry(tag, "tag", None, "", live)
        return entries

    def _inherited_tags(self, root: Path, rel: str, records: dict[str, Any], depth: int = 0) -> list[str]:
        rec = records.get(rel) or {}
        if depth and rec.get("tag"):
            return _as_list(rec.get("tag"))
        for inc in reversed(_as_list(rec.get("include"))):
            inc_rel = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
            if inc_rel not in records:
                inc_path = root / inc_rel
                if inc_path.is_file():
                    records[inc_rel] = scan_file(inc_path)
                else:
                    continue
            found = self._inherited_tags(root, inc_rel, records, depth + 1) if depth < 8 else []
            if found:
                return found
        return []

    # -- names ----------------------------------------------------------------------------
    def names(self, kind: str | None = None) -> list[str]:
        return sorted(n for n, e in self.entries.items() if kind is None or e.kind == kind)

    def match(self, patterns: list[str]) -> list[str]:
        """Task, group and tag names for ``--tasks`` patterns (wildcards allowed), in order."""
        out: list[str] = []
        for pattern in patterns:
            if pattern in self.entries:
                out.append(pattern)
                continue
            if any(ch in pattern for ch in "*?["):
                hits = sorted(fnmatch.filter(self.entries, pattern))
                if hits:
                    out.extend(hits)
                    continue
            suggestions = closest(pattern, self.entries)
            hint = f" (did you mean {', '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
            raise UsageError(f"unknown task, group or tag {pattern!r}{hint}; see `lmeval ls tasks`")
        seen: set[str] = set()
        return [n for n in out if not (n in seen or seen.add(n))]

    def get(self, name: str) -> IndexEntry:
        try:
            return self.entries[name]
        except KeyError:
            suggestions = closest(name, self.entries)
            hint = f" (did you mean {', '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
            raise UsageError(f"unknown task, group or tag {name!r}{hint}") from None


def _read_built(path: Path, digest: str) -> tuple[list, list[str]] | None:
    try:
        with open(path, encoding="utf-8") as fh:
            blob = json.load(fh)
        if blob[0] == BUILT_VERSION and blob[1] == digest:
            return blob[2], blob[3]
    except (OSError, ValueError, TypeError, IndexError, KeyError):
        pass
    return None


def _write_built(path: Path, digest: str, rows: list, warnings: list[str]) -> None:
    write_json(path, [BUILT_VERSION, digest, rows, warnings], what="index cache",
               separators=(",", ":"))


def task_sources(pm: Any, include_path: str | list[str] | None) -> list[tuple[Path, str]]:
    """Task directories of the installed packs, then ``--include_path`` ones (later ones win)."""
    sources = list(pm.task_sources())
    if include_path:
        paths = [include_path] if isinstance(include_path, str) else list(include_path)
        for p in paths:
            for part in str(p).split(","):
                if part.strip():
                    path = Path(part.strip()).expanduser()
                    if not path.is_dir():
                        raise UsageError(f"--include_path: {part.strip()!r} is not a directory")
                    sources.append((path, "include_path"))
    return sources
