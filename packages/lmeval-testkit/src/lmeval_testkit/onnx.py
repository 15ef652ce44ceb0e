"""A real Model Builder export of a tiny random Llama, for tests: nothing is downloaded.

``build_tiny_export(directory, *, source=None, precision="fp32")`` builds the source model with
``lmeval_testkit.hf.build_tiny_llama`` (into ``directory/"source"`` unless ``source`` is given),
exports it with ``python -m onnxruntime_genai.models.builder -e cpu`` into ``directory/"export"``
and returns ``(source, export)``. Needs torch, transformers, lmeval-hf, onnx and onnx-ir besides
onnxruntime-genai. Idempotent: an export stamped with the same source and builder version is
reused.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

STAMP = ".lmeval-onnx-export.json"


def build_tiny_export(directory: str | os.PathLike[str], *, source: str | os.PathLike[str] | None
                      = None, precision: str = "fp32") -> tuple[Path, Path]:
    import onnxruntime_genai

    directory = Path(directory)
    if source is None:
        from lmeval_testkit.hf import build_tiny_llama

        source = build_tiny_llama(directory / "source")
    source = Path(source)
    out = directory / "export"
    source_stamp = source / ".lmeval-testing.json"
    params = {
        "source": str(source.resolve()),
        "source_stamp": source_stamp.read_text() if source_stamp.is_file() else None,
        "precision": precision,
        "builder": onnxruntime_genai.__version__,
    }
    stamp = out / STAMP
    if stamp.is_file() and json.loads(stamp.read_text()) == params:
        return source, out
    directory.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".export-", dir=directory))
    try:
        cmd = [sys.executable, "-m", "onnxruntime_genai.models.builder", "-i", str(source),
               "-o", str(tmp / "out"), "-p", precision, "-e", "cpu", "-c", str(tmp / "cache")]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp,
                              env={**os.environ, "HF_HUB_OFFLINE": "1"})
        if done.returncode != 0:
            raise RuntimeError(f"Model Builder failed ({' '.join(cmd)}):\n{done.stderr[-4000:]}")
        (tmp / "out" / STAMP).write_text(json.dumps(params, indent=2, sort_keys=True) + "\n")
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp / "out", out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return source, out
