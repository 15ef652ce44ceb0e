"""Content digests of local model files for the response-cache key, computed once per file
version and kept.

A file's *version* is ``(device, inode, size, mtime_ns, ctime_ns)``. The change time cannot be
set from user space: ``cp -p``, ``rsync -a``, ``tar x``, ``touch -d`` and ``os.utime`` restore a
modification time but leave a new ctime (and a copy a new inode), so each of them makes the
SHA-256 be computed again. Digests live in ``$LMEVAL_CACHE_DIR/fingerprints.sqlite``, one row
per (device, inode). Each lookup also re-reads a *probe* (the SHA-256 of the file's first and
last 64 KiB, where safetensors and GGUF keep their headers): on a file system whose ctime is
coarse and that reuses an inode within one tick, a file with other content still misses.

Cost: a full SHA-256 of a new file version (~1.7 GB/s of CPU here, ~0.6 s per GB, or the disk's
read speed when slower), then a stat and two 64 KiB reads per file on every later run. A store
that cannot be written costs only speed: the digest is computed again next time.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path

from lmeval.run.cachedir import cache_root

log = logging.getLogger("lmeval")

PROBE_BYTES = 64 * 1024
_CHUNK = 8 * 1024 * 1024
_lock = threading.Lock()
_memo: dict[tuple[int, ...], tuple[str, str]] = {}  # version → (probe, digest), this process


def store_path() -> Path:
    return cache_root() / "fingerprints.sqlite"


def _version(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def probe(path: str | os.PathLike[str], size: int) -> str:
    """SHA-256 of the first and last :data:`PROBE_BYTES` of a file of ``size`` bytes."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as fh:
        h.update(fh.read(PROBE_BYTES))
        if size > PROBE_BYTES:
            fh.seek(max(PROBE_BYTES, size - PROBE_BYTES))
            h.update(fh.read(PROBE_BYTES))
    return h.hexdigest()


def full_digest(path: str | os.PathLike[str]) -> str:
    """SHA-256 of the whole file, read in 8 MiB chunks (memory stays bounded)."""
    import hashlib

    h = hashlib.sha256()
    buf = bytearray(_CHUNK)
    view = memoryview(buf)
    with open(path, "rb", buffering=0) as fh:
        while n := fh.readinto(buf):
            h.update(view[:n])
    return h.hexdigest()


def file_digest(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of ``path``'s content (a symlink is followed), kept per file version."""
    st = os.stat(path)
    version = _version(st)
    tip = probe(path, st.st_size)
    with _lock:
        known = _memo.get(version)
    if known is None:
        known = _lookup(version)
    if known is not None and known[0] == tip:
        return known[1]
    digest = full_digest(path)
    if _version(os.stat(path)) != version:  # written while read: keep nothing, key this read
        log.warning("lmeval: %s changed while its fingerprint was computed", path)
        return digest
    with _lock:
        _memo[version] = (tip, digest)
    _save(version, tip, digest)
    return digest


def _connect() -> sqlite3.Connection:
    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, timeout=30, isolation_level=None)
    conn.execute("CREATE TABLE IF NOT EXISTS files (dev INTEGER, ino INTEGER, size INTEGER, "
                 "mtime_ns INTEGER, ctime_ns INTEGER, probe TEXT, digest TEXT, "
                 "PRIMARY KEY (dev, ino))")
    return conn


def _lookup(version: tuple[int, ...]) -> tuple[str, str] | None:
    try:
        conn = _connect()
        try:
            row = conn.execute("SELECT probe, digest FROM files WHERE dev=? AND ino=? AND size=? "
                               "AND mtime_ns=? AND ctime_ns=?", version).fetchone()
        finally:
            conn.close()
    except (OSError, sqlite3.Error) as exc:
        log.debug("lmeval: fingerprint store %s unreadable: %s", store_path(), exc)
        return None
    return (str(row[0]), str(row[1])) if row else None


def _save(version: tuple[int, ...], tip: str, digest: str) -> None:
    try:
        conn = _connect()
        try:
            conn.execute("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (*version, tip, digest))
        finally:
            conn.close()
    except (OSError, sqlite3.Error) as exc:
        log.debug("lmeval: cannot keep a fingerprint in %s: %s", store_path(), exc)


def forget_memo() -> None:
    """Drop this process's memo (tests: the store alone must decide)."""
    with _lock:
        _memo.clear()
