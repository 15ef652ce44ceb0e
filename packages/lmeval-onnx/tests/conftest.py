"""A real Model Builder export of a tiny random Llama, built once per session (cached)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TASKS = Path(__file__).resolve().parent / "tasks"
REPO = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _isolated_index(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


@pytest.fixture(scope="session")
def tiny_export(tmp_path_factory) -> tuple[Path, Path]:
    """``(source HF directory, Model Builder export directory)``.

    Built under ``<repo>/.cache/lmeval-onnx-tests`` (or ``$LMEVAL_ONNX_TEST_CACHE``) and reused
    while the source model and the builder version are unchanged; else in a temporary folder.
    """
    pytest.importorskip("torch", reason="the tiny source model is built with torch")
    pytest.importorskip("onnx", reason="Model Builder needs onnx (pip install onnx onnx-ir)")
    pytest.importorskip("onnx_ir", reason="Model Builder needs onnx-ir (pip install onnx-ir)")
    pytest.importorskip("lmeval_hf.testing", reason="the tiny Llama comes from lmeval-hf")
    from lmeval_onnx.testing import build_tiny_export

    cache = os.environ.get("LMEVAL_ONNX_TEST_CACHE")
    if cache:
        root = Path(cache)
    elif (REPO / ".git").exists():
        root = REPO / ".cache" / "lmeval-onnx-tests"
    else:
        root = tmp_path_factory.mktemp("onnx")
    return build_tiny_export(root / "tiny-llama")
