"""The on-disk response cache (SQLite) that makes runs resumable.

Keyed by the model's identity (backend and output-changing model args) and the request. Answers
are committed as each batch of model calls finishes (see ``LM.report_answers``), in WAL mode, so
a run killed at any point (``kill -9``) loses at most the batch in flight, and several ranks may
write at once. The cache does not depend on the rank: a run can resume with a different number
of processes. A corrupt file is moved aside (``*.corrupt-<time>``) with a warning, and its
answers are computed again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from lmeval.errors import LmevalError

if TYPE_CHECKING:
    from lmeval.tasks.task import Task

T = TypeVar("T")


def _json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, default=repr)


def model_fingerprint(identity: Mapping[str, Any]) -> str:
    return hashlib.sha256(_json(dict(identity)).encode()).hexdigest()[:32]


def request_key(kind: str, args: Any, salt: str = "") -> str:
    return hashlib.sha256(f"{kind}\0{_json(args)}\0{salt}".encode()).hexdigest()


def _switch_to_wal(conn: sqlite3.Connection, *, wait: float = 60.0) -> None:
    """``PRAGMA journal_mode=WAL``, retried while another process holds the new file's lock.

    Switching the journal mode can fail at once with "database is locked" without waiting on
    the busy timeout (two ``torchrun`` ranks opening a new cache together); retry until ``wait``.
    """
    deadline = time.monotonic() + wait
    delay = 0.01
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(delay)
            delay = min(delay * 2, 0.5)


class CacheError(LmevalError):
    """The response cache cannot be used (a full or read-only disk, a locked file): one line,
    never a ``sqlite3`` traceback."""


SUFFIXES = (".db", ".sqlite")


def cache_file(directory: str | os.PathLike[str]) -> Path:
    """The SQLite file of ``--use_cache``: the path itself when it ends in .db/.sqlite, else
    ``responses.sqlite`` in that folder."""
    path = Path(directory).expanduser()
    return path if path.suffix in SUFFIXES else path / "responses.sqlite"


def check_cache_dir(directory: str | os.PathLike[str] | None, flag: str = "--use_cache") -> None:
    """Before the model loads: the folder can be written and has room, and a cache file already
    there opens for writing (not read-only, not a folder, not locked). Raises ``UsageError``."""
    if not directory:
        return
    from lmeval.errors import UsageError
    from lmeval.outputs.results import check_writable

    check_writable(directory, flag, file_suffixes=SUFFIXES)
    path = cache_file(directory)
    if path.is_dir():
        raise UsageError(f"{flag}: {path} is a directory, expected the cache's SQLite file")
    if not path.exists():
        return
    try:
        conn = sqlite3.connect(path, timeout=5, isolation_level=None)
        try:
            _switch_to_wal(conn, wait=5)
            conn.execute("CREATE TABLE IF NOT EXISTS responses (model TEXT, key TEXT, value TEXT, "
                         "PRIMARY KEY (model, key))")
            conn.execute("BEGIN IMMEDIATE")  # takes the write lock: a read-only file says so
            conn.execute("ROLLBACK")
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            return  # moved aside with a warning when the run opens it
        raise UsageError(f"{flag}: cannot use the response cache {path}: {exc}") from None


class ResponseCache:
    """``(model, request) → answer`` in ``<dir>/responses.sqlite``; safe to use from any thread."""

    def __init__(self, directory: str | os.PathLike[str], identity: Mapping[str, Any]) -> None:
        self.path = cache_file(directory)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CacheError(f"--use_cache: cannot create {self.path.parent}: "
                             f"{exc.strerror or exc}") from None
        self.model = model_fingerprint(identity)
        self._lock = threading.RLock()
        self._conn = self._guarded(self._open)

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=60, isolation_level=None,
                               check_same_thread=False)
        try:
            _switch_to_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(
                "CREATE TABLE IF NOT EXISTS responses (model TEXT, key TEXT, value TEXT, "
                "PRIMARY KEY (model, key))")
        except BaseException:
            conn.close()
            raise
        return conn

    def _guarded(self, operation: Callable[[], T]) -> T:
        """Run ``operation``; on a corrupt file, move it aside, start empty and run it again.
        Any other SQLite error is a :class:`CacheError` (one line)."""
        try:
            try:
                return operation()
            except sqlite3.DatabaseError as exc:
                if getattr(exc, "sqlite_errorname", "") not in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
                    raise
                self._quarantine(exc)
                return operation()
        except (sqlite3.Error, OSError) as exc:
            raise CacheError(f"the response cache {self.path} cannot be used: {exc}") from exc

    def _quarantine(self, exc: BaseException) -> None:
        conn = self.__dict__.pop("_conn", None)
        if conn is not None:
            conn.close()
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
        print(f"lmeval: warning: the response cache {self.path} is unreadable ({exc}); moved "
              f"to {aside.name}, its answers will be computed again", file=sys.stderr)
        self._conn = self._open()

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        keys = list(keys)

        def read() -> dict[str, Any]:
            out: dict[str, Any] = {}
            for start in range(0, len(keys), 500):
                part = keys[start:start + 500]
                marks = ",".join("?" * len(part))
                rows = self._conn.execute(
                    f"SELECT key, value FROM responses WHERE model = ? AND key IN ({marks})",  # noqa: S608
                    [self.model, *part]).fetchall()
                out.update((k, json.loads(v)) for k, v in rows)
            return out

        with self._lock:
            return self._guarded(read)

    def put_many(self, items: Mapping[str, Any]) -> None:
        """Store ``items`` in one transaction (committed when this returns)."""
        if not items:
            return
        from lmeval.outputs import redact

        # an answer that repeats a credential of this run (a hostile server echoing the API
        # key) is stored masked, as the samples show it: the cache is a file that gets shared
        mask = redact.redact_known if redact.has_known() else str
        rows = [(self.model, k, mask(json.dumps(v))) for k, v in items.items()]

        def write() -> None:
            with self._conn:
                self._conn.execute("BEGIN")
                self._conn.executemany(
                    "INSERT OR REPLACE INTO responses (model, key, value) VALUES (?, ?, ?)", rows)

        with self._lock:
            self._guarded(write)

    def __len__(self) -> int:
        def count() -> int:
            (n,) = self._conn.execute("SELECT COUNT(*) FROM responses WHERE model = ?",
                                      [self.model]).fetchone()
            return int(n)

        with self._lock:
            return self._guarded(count)

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class RequestCache:
    """``--cache_requests``: built requests of a task, pickled, so a rerun skips prompt building.

    ``true`` reads and writes, ``refresh`` rebuilds and overwrites, ``delete`` removes the cache
    and does not write. Keyed by the task's config, the document selection and the chat options.
    """

    def __init__(self, mode: str, directory: Path) -> None:
        self.mode = mode
        self.directory = directory
        if mode == "delete" and directory.exists():
            import shutil

            shutil.rmtree(directory)

    @classmethod
    def from_option(cls, option: Any) -> RequestCache | None:
        if option in (None, False, "false", "False"):
            return None
        mode = "true" if option is True else str(option).lower()
        if mode not in ("true", "refresh", "delete"):
            from lmeval.errors import UsageError

            raise UsageError(f"--cache_requests: expected true, refresh or delete, got {option!r}")
        from lmeval.run.cachedir import cache_root

        return cls(mode, cache_root() / "requests")

    def key(self, task: Task, **parts: Any) -> str:
        blob = _json({"config": task.config.to_dict(), "fewshot_seed": task.fewshot_seed, **parts})
        return f"{task.name.replace('/', '_')}-{hashlib.sha256(blob.encode()).hexdigest()[:24]}"

    def load(self, key: str) -> Any:
        if self.mode != "true":
            return None
        import pickle

        try:
            with open(self.directory / f"{key}.pkl", "rb") as fh:
                return pickle.load(fh)
        except (OSError, EOFError, pickle.UnpicklingError):
            return None

    def save(self, key: str, value: Any) -> None:
        if self.mode == "delete":
            return
        import pickle

        self.directory.mkdir(parents=True, exist_ok=True)
        tmp = self.directory / f"{key}.{os.getpid()}.tmp"
        with open(tmp, "wb") as fh:
            pickle.dump(value, fh)
        os.replace(tmp, self.directory / f"{key}.pkl")
