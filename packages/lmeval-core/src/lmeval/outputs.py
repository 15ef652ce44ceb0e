"""Where a finished run's files go: checked before the model loads, written whole or not at
all, and somewhere else (said in one line) when the place asked for fails at the end."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lmeval.errors import UsageError

#: bytes written (and synced) to prove a place has room: a results file, the first answers
PROBE_BYTES = 1 << 20


def check_writable(path: str | os.PathLike[str] | None, flag: str, *, file_suffixes: tuple[str, ...] = (),
                   probe_bytes: int = PROBE_BYTES) -> None:
    """Raise :class:`UsageError` (exit 2) unless ``path`` can be created and written.

    ``path`` is a directory, or a file when it ends with one of ``file_suffixes`` (its folder is
    then checked). A dangling symbolic link on the way, a file where a folder is expected, a
    read-only or full file system (``probe_bytes`` are written and synced) are each one line.
    Nothing is left behind: missing folders are not created here.
    """
    if path is None or path == "":
        return
    target = Path(path).expanduser()
    folder = target.parent if target.suffix in file_suffixes else target
    if target != folder and target.is_dir():
        raise UsageError(f"{flag}: {target} is a directory, expected a {'/'.join(file_suffixes)} file")
    _no_dangling_link(target, flag)
    probe = folder
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if not probe.is_dir():
        raise UsageError(f"{flag}: cannot write to {target}: {probe} is not a directory")
    try:
        with tempfile.NamedTemporaryFile(dir=probe, prefix=".lmeval-write-check-") as fh:
            if probe_bytes:
                fh.write(bytes(probe_bytes))
                fh.flush()
                os.fsync(fh.fileno())
    except OSError as exc:
        import errno

        why = exc.strerror or str(exc)
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            why = f"{why} (no room for {probe_bytes >> 10} KiB in {probe}{_free(probe)})"
        raise UsageError(f"{flag}: cannot write to {target}: {why}") from None


def _no_dangling_link(target: Path, flag: str) -> None:
    """``target`` or a folder above it is a symbolic link to nothing: the folder cannot be made."""
    for part in (target, *target.parents):
        if part.is_symlink() and not part.exists():
            raise UsageError(f"{flag}: cannot write to {target}: {part} is a symbolic link to "
                             f"{os.readlink(part)}, which does not exist")
        if part.exists():
            return


def _free(folder: Path) -> str:
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):
        return ""
    return f", {st.f_bavail * st.f_frsize >> 10} KiB free"


def write_atomic(path: Path, text: str | Iterable[str]) -> None:
    """Write ``text`` (or its pieces, streamed) to ``path`` through a temporary file and a
    rename: the file is whole or absent."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.fchmod(fd, 0o666 & ~mask)  # as a plain open() would create it, not mkstemp's 0600
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            if isinstance(text, str):
                fh.write(text)
            else:
                fh.writelines(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def fallback_dir() -> Path:
    """Where results go when ``--output_path`` fails at the end of a run."""
    from lmeval.cachedir import cache_root

    return cache_root() / "unsaved-results"


def save_results(results: dict[str, Any], output_path: str | os.PathLike[str]) -> int:
    """Write the results (and samples) under ``output_path``; if that fails, under
    :func:`fallback_dir`. One line on stderr says where they are. Returns the exit status."""
    from lmeval.results import write_results

    try:
        path = write_results(results, output_path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        try:
            path = write_results(results, fallback_dir())
        except OSError as again:
            print(f"lmeval: error: cannot write the results to {output_path} ({reason}) nor to "
                  f"{fallback_dir()} ({again.strerror or again}); only the table above is left",
                  file=sys.stderr)
            return 1
        print(f"lmeval: error: cannot write the results to {output_path} ({reason}); they were "
              f"written to {path} instead", file=sys.stderr)
        return 1
    print(f"lmeval: results written to {path}", file=sys.stderr)
    return 0
