"""Where lmeval keeps what it can rebuild, and how it writes there.

``$LMEVAL_CACHE_DIR``, else ``$XDG_CACHE_HOME/lmeval``, else ``~/.cache/lmeval``. Files are
written whole or not at all (a temporary file, then a rename), and a cache that cannot be
written only costs speed: callers log and go on.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger("lmeval")


def cache_root() -> Path:
    root = os.environ.get("LMEVAL_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "lmeval")
    return Path(root)


def digest(data: bytes, size: int = 20) -> str:
    """A hex digest for cache keys. BLAKE2 from CPython's own ``_blake2`` module: ``hashlib``
    loads OpenSSL on import (~4 ms of every start-up); same digest either way."""
    try:
        from _blake2 import blake2b
    except ImportError:  # another Python implementation
        from hashlib import blake2b
    return blake2b(data, digest_size=size).hexdigest()


def write_json(path: Path, data: Any, *, what: str, **dump_kwargs: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically; an unwritable cache is logged, not raised."""
    write_bytes(path, json.dumps(data, **dump_kwargs).encode("utf-8"), what=what)


def write_bytes(path: Path, data: bytes, *, what: str) -> None:
    """Write ``data`` to ``path`` atomically; an unwritable cache is logged, not raised."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        log.debug("lmeval: cannot write %s %s: %s", what, path, exc)
