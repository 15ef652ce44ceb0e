"""A real Model Builder export of a tiny random Llama, built once per session (cached)."""

from __future__ import annotations

from pathlib import Path

import pytest
from onnx_testenv import REPO, TASKS, evaluate_tasks  # noqa: F401


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
    pytest.importorskip("lmeval_testkit.hf", reason="the tiny Llama comes from lmeval-hf")
    from lmeval_testkit.onnx import build_tiny_export
    from lmeval_testkit.vs_hf import export_cache

    root = export_cache("LMEVAL_ONNX_TEST_CACHE", "lmeval-onnx-tests", REPO, tmp_path_factory)
    return build_tiny_export(root / "tiny-llama")


@pytest.fixture(scope="session")
def onnx_runs(tiny_export):
    """``lmeval.evaluate`` of the three test tasks with both ONNX model types."""
    pytest.importorskip("onnxruntime_genai", reason="lmeval-onnx needs onnxruntime-genai")
    return {model: evaluate_tasks(model, tiny_export[1])
            for model in ("onnxruntime", "onnxruntime-genai")}
