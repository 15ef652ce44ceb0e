"""A real optimum-intel export of the tiny random Llama, built once per session (cached)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openvino_runs import F32, REPO


@pytest.fixture(autouse=True)
def _isolated_index(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


@pytest.fixture(scope="session")
def tiny_ov_export(tmp_path_factory) -> tuple[Path, Path]:
    """``(source HF directory, OpenVINO IR export directory)``.

    Built under ``<repo>/.cache/lmeval-openvino-tests`` (or ``$LMEVAL_OPENVINO_TEST_CACHE``)
    and reused while the source model and the exporter versions are unchanged.
    """
    pytest.importorskip("torch", reason="the tiny source model is built with torch")
    pytest.importorskip("openvino", reason="lmeval-openvino needs openvino")
    from lmeval_testkit.openvino import build_tiny_ov_export
    from lmeval_testkit.vs_hf import export_cache

    root = export_cache("LMEVAL_OPENVINO_TEST_CACHE", "lmeval-openvino-tests", REPO,
                        tmp_path_factory)
    return build_tiny_ov_export(root / "tiny-llama")


@pytest.fixture(scope="session")
def f32_config(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ov-config") / "f32.json"
    path.write_text(json.dumps(F32))
    return path
