"""Logged samples written to disk as each task is scored, not held for the whole run.

The command line with ``--output_path`` and ``--log_samples`` hands a :class:`SampleStream` to
the run: each task's entries go, line by line in lm-eval 0.4.13's layout, to a temporary file in
a hidden folder of the output path, and the task's ``task_hashes`` value is hashed on the way.
When the results are written the files are renamed to ``samples_<task>_<stamp>.jsonl``: the same
bytes, names and order as writing ``results["samples"]`` at the end, without the memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import IO, Any

from lmeval.outputs import redact
from lmeval.outputs.samplefile import dumps


class SampleStream:
    """Per-task sample files under construction; :meth:`task` opens one, :meth:`add` writes an
    entry to it, :meth:`move_to` gives the files their final names."""

    def __init__(self, output_path: str | os.PathLike[str]) -> None:
        out = Path(output_path)
        self.root = out.parent if out.suffix == ".json" else out
        self.folder: Path | None = None  # made with the first task: a failed run leaves nothing
        self._made: list[Path] = []
        self.files: dict[str, Path] = {}
        self._hashes: dict[str, str] = {}
        self._hash: Any = None
        self._fh: IO[str] | None = None
        self._name = ""

    def task(self, name: str) -> None:
        """Start ``name``'s file (the previous task's is closed)."""
        self.close()
        if self.folder is None:
            self._made = [p for p in (self.root, *self.root.parents) if not p.exists()]
            self.root.mkdir(parents=True, exist_ok=True)
            self.folder = Path(tempfile.mkdtemp(dir=self.root, prefix=".lmeval-samples-",
                                                suffix=".tmp"))
        path = self.folder / f"{len(self.files)}.jsonl"
        self.files[name] = path
        self._fh = path.open("w", encoding="utf-8")
        self._hash, self._name = hashlib.sha256(), name

    def add(self, entry: dict[str, Any]) -> None:
        """One logged sample of the current task."""
        assert self._fh is not None, "SampleStream.task() first"
        if redact.has_known():  # as redact_results masks results["samples"]: a credential the
            entry = redact.redact_data(entry, shapes=False, names=False)  # model echoed
        self._fh.write(dumps(entry) + "\n")
        self._hash.update(f"{entry.get('doc_hash', '')}{entry.get('prompt_hash', '')}"
                          f"{entry.get('target_hash', '')}".encode())

    def close(self) -> None:
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._hashes[self._name] = self._hash.hexdigest()
            self._fh = None

    def task_hashes(self) -> dict[str, str]:
        """lm-eval's ``task_hashes``: per task, the SHA-256 of its samples' three hashes."""
        self.close()
        return dict(self._hashes)

    def move_to(self, directory: Path, stamp: str) -> None:
        """Give every file its final name in ``directory`` (again after a failed attempt)."""
        self.close()
        for name, path in self.files.items():
            final = directory / f"samples_{name}_{stamp}.jsonl"
            if path != final:
                shutil.move(path, final)
                self.files[name] = final
        self._made = []
        self.discard()

    def discard(self) -> None:
        """Remove the temporary folder and whatever is still in it."""
        if self._fh is not None:
            with contextlib.suppress(OSError):
                self._fh.close()
            self._fh = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
        for made in self._made:  # folders made for files that never got there
            with contextlib.suppress(OSError):
                made.rmdir()
