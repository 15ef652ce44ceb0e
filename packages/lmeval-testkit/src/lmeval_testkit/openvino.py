"""A real OpenVINO IR export of a tiny random Llama, for tests: nothing is downloaded but pins.

``build_tiny_ov_export(directory, *, source=None)`` builds the source model with
``lmeval_testkit.hf.build_tiny_llama`` (into ``directory/"source"`` unless ``source`` is given),
exports it with ``optimum-cli export openvino --task text-generation-with-past --weight-format
fp32`` (the stateful layout users get) into ``directory/"export"`` and returns ``(source,
export)``. Idempotent: an export stamped with the same source and exporter versions is reused.

optimum-intel (2.2.0, the newest) declares ``transformers<5.6`` and does not import with a newer
one. When the environment's transformers is newer, the export subprocess runs on an overlay
(``directory/"export-overlay"``, ``pip install --no-deps --target``) holding
:data:`EXPORT_OVERLAY_PINS` ahead of the environment on ``PYTHONPATH``; torch, optimum and
openvino still come from the environment. The runtime backend never imports optimum-intel.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

STAMP = ".lmeval-openvino-export.json"
#: transformers and its hub/tokenizers pins that optimum-intel 2.2.0 imports with
EXPORT_OVERLAY_PINS = ("transformers==5.5.4", "huggingface_hub==1.21.0", "tokenizers==0.22.2")
_PROBE = "import optimum.intel.openvino, optimum.exporters.openvino"


def build_tiny_ov_export(directory: str | os.PathLike[str], *,
                         source: str | os.PathLike[str] | None = None) -> tuple[Path, Path]:
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
        "optimum-intel": _version("optimum-intel"),
        "openvino": _version("openvino"),
    }
    stamp = out / STAMP
    if stamp.is_file() and json.loads(stamp.read_text()) == params:
        return source, out
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    overlay = export_overlay(directory)
    if overlay is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(overlay),
                                                          env.get("PYTHONPATH")]))
    directory.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".ov-export-", dir=directory))
    try:
        cmd = [sys.executable, "-c",
               "from optimum.commands.optimum_cli import main; main()",
               "export", "openvino", "--model", str(source), "--task",
               "text-generation-with-past", "--weight-format", "fp32", str(tmp / "out")]
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp, env=env)
        if done.returncode != 0 or not (tmp / "out" / "openvino_model.xml").is_file():
            raise RuntimeError(f"optimum-cli export openvino failed ({' '.join(cmd[3:])}):\n"
                               f"{done.stderr[-4000:]}")
        (tmp / "out" / STAMP).write_text(json.dumps(params, indent=2, sort_keys=True) + "\n")
        if out.exists():
            shutil.rmtree(out)
        os.replace(tmp / "out", out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return source, out


def export_overlay(directory: Path) -> Path | None:
    """None when optimum-intel's exporter imports here; else a ``--target`` directory with
    :data:`EXPORT_OVERLAY_PINS` under which it does (installed from PyPI once)."""
    if _imports(None):
        return None
    overlay = directory / "export-overlay"
    marker = overlay / ".pins"
    if not (marker.is_file() and marker.read_text() == " ".join(EXPORT_OVERLAY_PINS)):
        shutil.rmtree(overlay, ignore_errors=True)
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps",
                               "--target", str(overlay), *EXPORT_OVERLAY_PINS],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"installing the export overlay {EXPORT_OVERLAY_PINS} failed:\n"
                               f"{done.stderr[-2000:]}")
        marker.write_text(" ".join(EXPORT_OVERLAY_PINS))
    if not _imports(overlay):
        raise RuntimeError("optimum-intel's exporter does not import, with or without the "
                           f"overlay {EXPORT_OVERLAY_PINS}: pip install optimum-intel "
                           "openvino-tokenizers (see packages/lmeval-openvino/ci-setup.sh)")
    return overlay


def _imports(overlay: Path | None) -> bool:
    env = dict(os.environ)
    if overlay is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(overlay), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, env=env)
    return done.returncode == 0


def _version(name: str) -> str | None:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None
