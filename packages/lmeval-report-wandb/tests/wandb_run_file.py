"""Read the records of an offline W&B run file (``run-<id>.wandb``).

The file is wandb's record log: a 7-byte header (``:W&B``, magic, version), then 32 KiB blocks
of chunks, each with a 7-byte header (CRC32, length, type: full / first / middle / last), as in
LevelDB's log format; each record is a ``wandb_internal_pb2.Record`` protobuf. wandb >= 0.2x no
longer ships a Python reader, so tests use this one.
"""

from __future__ import annotations

import json
import struct
from collections import defaultdict
from pathlib import Path
from typing import Any

BLOCK = 32768
FULL, FIRST, MIDDLE, LAST = 1, 2, 3, 4


def records(path: Path) -> list[Any]:
    from wandb.proto import wandb_internal_pb2 as pb

    data = path.read_bytes()
    if data[:4] != b":W&B":
        raise ValueError(f"{path}: not a W&B run file")
    pos, pending, out = 7, b"", []
    while pos + 7 <= len(data):
        left = BLOCK - pos % BLOCK
        if left < 7:
            pos += left
            continue
        _crc, length, kind = struct.unpack("<IHB", data[pos:pos + 7])
        if length == 0 and kind == 0:
            pos += left
            continue
        chunk = data[pos + 7:pos + 7 + length]
        pos += 7 + length
        if kind == FULL:
            out.append(chunk)
        elif kind == FIRST:
            pending = chunk
        elif kind == MIDDLE:
            pending += chunk
        elif kind == LAST:
            out.append(pending + chunk)
            pending = b""
    parsed = []
    for raw in out:
        record = pb.Record()
        record.ParseFromString(raw)
        parsed.append(record)
    return parsed


def _key(item: Any) -> str:
    return "/".join(item.nested_key) if item.nested_key else item.key


class RunFile:
    """The parts of a run tests look at: run, config, history, summary, files, artifacts."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.run: Any = None
        self.config: dict[str, Any] = {}
        self.history: list[dict[str, Any]] = []
        self.summary: dict[str, Any] = {}
        self.files: list[str] = []
        self.artifacts: dict[str, Any] = {}
        self.exited = False
        by_kind: dict[str, list[Any]] = defaultdict(list)
        for record in records(path):
            kind = record.WhichOneof("record_type")
            by_kind[kind].append(getattr(record, kind))
        for run in by_kind["run"]:
            self.run = run
            for item in run.config.update:
                self.config[_key(item)] = json.loads(item.value_json)
        for cfg in by_kind["config"]:
            for item in cfg.update:
                self.config[_key(item)] = json.loads(item.value_json)
        for hist in by_kind["history"]:
            self.history.append({_key(i): json.loads(i.value_json) for i in hist.item})
        for summ in by_kind["summary"]:
            for item in summ.update:
                self.summary[_key(item)] = json.loads(item.value_json)
        for files in by_kind["files"]:
            self.files += [f.path for f in files.files]
        for art in by_kind["artifact"]:
            self.artifacts[art.name] = art
        self.exited = bool(by_kind["exit"])

    def artifact_file(self, name: str, path: str) -> str:
        """The content of ``path`` in the logged artifact ``name`` (from wandb's staging copy)."""
        for entry in self.artifacts[name].manifest.contents:
            if entry.path == path:
                return Path(entry.local_path).read_text(encoding="utf-8")
        raise KeyError(f"{path} not in artifact {name}")
