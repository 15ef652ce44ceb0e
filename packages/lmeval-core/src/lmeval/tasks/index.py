"""The task index: every task, group and tag name of every source, found without parsing YAML.

A cold build reads each YAML file's top-level naming keys (``task``, ``group``, ``tag``,
``include``, the aliases, whether ``class`` is set) with :mod:`lmeval.tasks.yamlscan`: a line
scan that answers only when it is sure, else a real parse. Names follow lm-eval 0.4.13's index:
a file's ``include`` chain is merged first (later includes win, the file's own keys win over
them), then ``class`` makes a task, ``group`` a group, ``task`` a task; within one source the
first file in path order keeps a name. The scan is cached per source directory, keyed on each
file's path, mtime and size; the built index is cached too, keyed on a digest of every file's
stamp in every source (and of any included file outside them). A warm listing therefore stats
each file once and loads one file; any added, removed or edited file (an in-place edit included)
misses the digest and rebuilds from the per-directory scans, rescanning only the files that
changed. Later sources override earlier ones whatever the two kinds, with a warning naming both
files (repeated on warm loads; when there are many, one line, and each name when it is used);
a tag gathers its tasks from every source.
"""

from __future__ import annotations

import fnmatch
import json
import logging
import marshal
import os
import sys
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError, closest
from lmeval.run.cachedir import cache_root, digest, write_bytes, write_json
from lmeval.run.records import SlotRecord

log = logging.getLogger("lmeval")

CACHE_VERSION = 4  # 4: a file past the YAML bounds (an alias bomb in a naming key) names nothing
OVERRIDES_LISTED = 20  # more overridden names than this: one summary line, each one when used
BUILT_VERSION = 5
_BUILT_KEY = f"{BUILT_VERSION}:{marshal.version}:{sys.version_info[:2]}"


class IndexEntry(SlotRecord):
    """One task, group or tag name and where it comes from."""

    __slots__ = ("name", "kind", "path", "distribution", "tags", "alias")

    def __init__(self, name: str, kind: str, path: str | None = None, distribution: str = "local",
                 tags: list[str] | None = None, alias: str | None = None) -> None:
        self.name, self.kind, self.path, self.distribution = name, kind, path, distribution
        self.tags: list[str] = [] if tags is None else tags  # kind: "task" | "group" | "tag"
        self.alias = alias


def scan_file(path: str | Path) -> dict[str, Any]:
    """Top-level naming keys of one YAML file: ``{"task": ..., "group": ..., "tag": ..., ...}``,
    ``"class": True`` when it sets a class, or ``{"_error": message}``."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return {"_error": f"cannot read: {exc.strerror or exc}"}
    from lmeval.tasks.yamlscan import scan

    return scan(data)


def _cache_dir() -> Path:
    return cache_root() / "index"


class DirectoryScan:
    """The naming records of one source directory, cached on disk."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.cache_file = _cache_dir() / f"{digest(str(self.root).encode(), 8)}.json"
        self.records: dict[str, dict[str, Any]] = {}
        self._walked: tuple[list[str], list[int], list[int]] | None = None

    def stamps(self) -> tuple[list[str], list[int], list[int]]:
        """Every YAML file under the root: relative paths, mtimes (ns) and sizes, as three
        parallel lists (walked once, kept for ``load``)."""
        if self._walked is None:
            self._walked = self._walk()
        return self._walked

    def stamp_bytes(self) -> bytes:
        """What changes when any file is added, removed, renamed, resized or touched."""
        return marshal.dumps(self.stamps())

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
        root = str(self.root) + os.sep
        for rel, mtime, size in zip(*self.stamps(), strict=True):
            stamp = [mtime, size]
            old = cached.get(rel)
            if old is not None and old[0] == stamp:
                files[rel] = old
            else:
                files[rel] = [stamp, scan_file(root + rel)]
                dirty = True
        if dirty or len(files) != len(cached):
            self._save(files)
        self.records = {rel: rec for rel, (_, rec) in files.items()}
        return self.records

    def _walk(self) -> tuple[list[str], list[int], list[int]]:
        rels: list[str] = []
        mtimes: list[int] = []
        sizes: list[int] = []
        by_fd = os.scandir in os.supports_fd  # stat relative to the folder: ~20% faster
        stack = [(str(self.root), "")]
        while stack:
            current, rel_dir = stack.pop()
            fd = -1
            try:
                if by_fd:
                    fd = os.open(current, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
                it = os.scandir(fd if by_fd else current)
            except OSError:
                if fd >= 0:
                    os.close(fd)
                continue
            try:
                with it:
                    for entry in it:
                        name = entry.name
                        if "yaml" in name or name.endswith(".yml"):  # the common case first
                            if not entry.is_dir():
                                st = entry.stat()  # one stat per file: how in-place edits are seen
                                rels.append(rel_dir + name)
                                mtimes.append(st.st_mtime_ns)
                                sizes.append(st.st_size)
                                continue
                        if entry.is_dir() and not name.startswith((".", "__pycache__")):
                            stack.append((os.path.join(current, name), rel_dir + name + "/"))
            finally:
                if fd >= 0:
                    os.close(fd)
        return rels, mtimes, sizes

    def _save(self, files: dict[str, Any]) -> None:
        write_json(self.cache_file, {"version": CACHE_VERSION, "root": str(self.root), "files": files},
                   what="index cache")


class TaskIndex:
    """Names → entries for every task source, built lazily and cached."""

    def __init__(self, sources: list[tuple[Path, str]]) -> None:
        self.sources = sources
        self._rows: dict[str, tuple] | None = None
        self._entries: dict[str, IndexEntry] | None = None
        self._skipped: dict[str, tuple[str, str]] = {}  # name -> (file, why it defines nothing)
        self._overrides: dict[str, str] = {}  # name -> the warning naming the file used and the other

    @property
    def rows(self) -> dict[str, tuple]:
        """name → (name, kind, path, distribution, tags, alias): the entries as plain tuples, as
        cached; what a listing reads (building 15,000 :class:`IndexEntry` objects costs ~10 ms)."""
        if self._rows is None:
            self._rows = self._build()
        return self._rows

    @property
    def skipped(self) -> dict[str, tuple[str, str]]:
        """Files that define no name because they cannot be read: the name each seems to give
        -> (its path, why)."""
        _ = self.rows
        return dict(self._skipped)

    @property
    def entries(self) -> dict[str, IndexEntry]:
        if self._entries is None:
            self._entries = {name: IndexEntry(*row) for name, row in self.rows.items()}
        return self._entries

    def _build(self) -> dict[str, tuple]:
        scans = []
        for root, dist in self.sources:
            if not root.is_dir():
                raise UsageError(f"task directory {str(root)!r} does not exist")
            scans.append((DirectoryScan(root), dist))
        ident = repr([(str(root), str(scan.root), dist)
                      for (scan, dist), (root, _) in zip(scans, self.sources, strict=False)]).encode()
        cache_file = _cache_dir() / f"built-{digest(ident, 8)}.marshal"
        stamp = digest(ident + b"".join(scan.stamp_bytes() for scan, _ in scans))
        hit = _read_built(cache_file, stamp)
        if hit is not None:
            rows, warnings, self._skipped = hit
            self._warn(warnings)
            return {row[0]: row for row in rows}
        warnings: list[str | tuple[str, str]] = []
        outside: dict[str, Any] = {}
        entries = self._build_from(scans, warnings, outside)
        self._warn(warnings)
        rows = [(e.name, e.kind, e.path, e.distribution, list(e.tags), e.alias)
                for e in entries.values()]
        _write_built(cache_file, stamp, rows, warnings, self._skipped, outside)
        self._entries = entries
        return {row[0]: row for row in rows}

    def _build_from(self, scans: list[tuple[DirectoryScan, str]], warnings: list[str],
                    outside: dict[str, Any]) -> dict[str, IndexEntry]:
        from lmeval.tasks.naming import name_source

        entries: dict[str, IndexEntry] = {}
        tags: dict[str, list[str]] = {}
        # the last source that defines a name as a task/group, and as a tag: the later one wins
        entry_source: dict[str, int] = {}
        tag_source: dict[str, tuple[int, str]] = {}
        for number, ((scan, dist), (root, _)) in enumerate(zip(scans, self.sources, strict=False)):
            named = name_source(str(root), scan.load(), dist, scan_file)
            warnings.extend(named.warnings)
            outside.update(named.outside)
            for name, skipped in named.skipped.items():
                log.debug("lmeval: %s defines no name: %s", skipped[0], skipped[1])
                self._skipped.setdefault(name, skipped)
            for name, row in named.rows.items():
                if row[1] == "tag":
                    tags.setdefault(name, []).extend(row[4])
                    tag_source[name] = (number, str(root))
                    continue
                entry_source[name] = number
                previous = entries.get(name)
                if previous is not None and previous.path != row[2]:
                    message = f"lmeval: {row[1]} {name!r} in {row[2]} overrides the one in {previous.path}"
                    warnings.append((name, message))
                entries[name] = IndexEntry(*row)
        for tag, members in tags.items():
            if tag in entries:
                previous = entries[tag]
                (number, root), later = tag_source[tag], entry_source[tag]
                if number == later:  # one source: its own naming rules decided (lm-eval's)
                    continue
                if number < later:
                    message = (f"lmeval: {previous.kind} {tag!r} in {previous.path} overrides "
                               f"the tag of the same name in {root}")
                else:
                    message = (f"lmeval: tag {tag!r} in {root} overrides the {previous.kind} "
                               f"in {previous.path}")
                warnings.append((tag, message))
                if number < later:
                    continue
            live = sorted({m for m in members if m in entries and tag in entries[m].tags})
            entries[tag] = IndexEntry(tag, "tag", None, "", live)
        for name in list(self._skipped):
            if name in entries:
                del self._skipped[name]
        return entries

    def _warn(self, warnings: list[str | tuple[str, str]]) -> None:
        """Log the build's warnings (on cold and warm loads alike). Names that one source
        overrides in another are each a warning when there are a few; when there are many
        (lm-eval's whole folder over the installed packs: ~3,000) one line says so and each
        name is warned about when it is used (:meth:`get`)."""
        overrides = [w for w in warnings if isinstance(w, tuple)]
        for message in warnings:
            if isinstance(message, str):
                log.warning(message)
        self._overrides = dict(overrides)
        if len(overrides) <= OVERRIDES_LISTED:
            for _, message in overrides:
                log.warning(message)
            self._overrides = {}
        else:
            log.warning("lmeval: %d task, group and tag names are defined again in a later task "
                        "directory, which overrides the earlier one (--include_path overrides the "
                        "installed packs); each is warned about when it is used, and `lmeval ls "
                        "tasks` shows the file of each. The first: %s", len(overrides),
                        overrides[0][1].removeprefix("lmeval: "))

    def _unknown(self, name: str, tail: str = "") -> UsageError:
        """The error for a name no source defines: why its file defines nothing, else the
        closest names."""
        skipped = self._skipped.get(name)
        if skipped is not None:
            located = _located_error(skipped[0])
            return located or UsageError(f"{name!r} is named in {skipped[0]}, which cannot be "
                                         f"loaded: {skipped[1]}")
        from lmeval.tasks.packnames import missing_pack_hint

        loaded = {dist for _, dist in self.sources}
        missing = missing_pack_hint(name, loaded)  # a pack not loaded: what to install, not a typo
        if missing:
            return UsageError(missing)
        suggestions = closest(name, self.rows)
        hint = f" (did you mean {', '.join(repr(s) for s in suggestions)}?)" if suggestions else ""
        return UsageError(f"unknown task, group or tag {name!r}{hint}{tail}")

    # -- names ----------------------------------------------------------------------------
    def names(self, kind: str | None = None) -> list[str]:
        return sorted(n for n, row in self.rows.items() if kind is None or row[1] == kind)

    def match(self, patterns: list[str]) -> list[str]:
        """Task, group and tag names for ``--tasks`` patterns (wildcards allowed), in order."""
        out: list[str] = []
        for pattern in patterns:
            if pattern in self.rows:
                out.append(pattern)
                continue
            if any(ch in pattern for ch in "*?["):
                hits = sorted(fnmatch.filter(self.rows, pattern))
                if hits:
                    out.extend(hits)
                    continue
            raise self._unknown(pattern, "; see `lmeval ls tasks`")
        seen: set[str] = set()
        return [n for n in out if not (n in seen or seen.add(n))]

    def get(self, name: str) -> IndexEntry:
        rows = self.rows
        if name in self._overrides:  # say which file is used, once per name
            log.warning(self._overrides.pop(name))
        if self._entries is not None and name in self._entries:
            return self._entries[name]
        row = rows.get(name)
        if row is None:
            raise self._unknown(name)
        return IndexEntry(*row)


def _located_error(path: str) -> UsageError | None:
    """The ``file:line: field: message`` error of a file that defines no name, if loading and
    checking it as ``run`` does finds one."""
    from lmeval.tasks.config import build_group_config, build_task_config
    from lmeval.tasks.yamlio import load_config

    try:
        raw = load_config(path)
        if isinstance(raw.get("task"), list) or ("group" in raw and "class" not in raw):
            build_group_config(raw)
        else:
            build_task_config(raw)
    except UsageError as exc:
        return exc
    return None


def _read_built(path: Path, stamp: str) -> tuple[list, list, dict] | None:
    """The cached rows, warnings and skipped files, or None. marshal, not JSON: 15,000 rows load
    in ~8 ms instead of ~30; the format is the running Python's (its version is part of the
    record), so another Python rebuilds. Included files outside every source are stat'ed too."""
    try:
        with open(path, "rb") as fh:
            blob = marshal.loads(fh.read())  # marshal.load(fh) reads object by object: 10x slower
        if blob[0] == _BUILT_KEY and blob[1] == stamp:
            for file, known in blob[5].items():
                try:
                    st = os.stat(file)
                    now = [st.st_mtime_ns, st.st_size]
                except OSError:
                    now = None
                if now != known:
                    return None
            return blob[2], blob[3], blob[4]
    except (OSError, ValueError, EOFError, TypeError, IndexError, KeyError, AttributeError):
        pass
    return None


def _write_built(path: Path, stamp: str, rows: list, warnings: list, skipped: dict,
                 outside: dict) -> None:
    write_bytes(path, marshal.dumps([_BUILT_KEY, stamp, rows, warnings, skipped, outside]),
                what="index cache")


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
