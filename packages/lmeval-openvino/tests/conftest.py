"""A real optimum-intel export of the tiny random Llama, built once per session (cached)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

TASKS = Path(__file__).resolve().parent / "tasks"
REPO = Path(__file__).resolve().parents[3]
MAX_LENGTH = 64  # short, so rolling texts span several windows and truncation is exercised
TASK_NAMES = ["ov_mc", "ov_rolling", "ov_gen"]
#: float32 compute and KV cache: OpenVINO's CPU defaults (bf16 where the CPU has it, u8 KV
#: cache) change scores by ~1e-2, which is what lm-eval's openvino gets with its defaults.
F32 = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32"}


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

    cache = os.environ.get("LMEVAL_OPENVINO_TEST_CACHE")
    if cache:
        root = Path(cache)
    elif (REPO / "packages" / "lmeval-core").is_dir():
        root = REPO / ".cache" / "lmeval-openvino-tests"
    else:
        root = tmp_path_factory.mktemp("openvino")
    return build_tiny_ov_export(root / "tiny-llama")


@pytest.fixture(scope="session")
def f32_config(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("ov-config") / "f32.json"
    path.write_text(json.dumps(F32))
    return path


def evaluate_tasks(model: str, model_args: str, **kw):
    import lmeval

    return lmeval.evaluate(model=model, model_args=f"{model_args},max_length={MAX_LENGTH}",
                           tasks=TASK_NAMES, include_path=str(TASKS), log_samples=True, **kw)


def make_model(model: str, model_args: str, **run_options):
    """A backend built as ``lmeval run`` builds it (model args checked, run options added)."""
    from lmeval.evaluator.run import build_model
    from lmeval.plugins import get_plugin_manager

    return build_model(get_plugin_manager(), model, model_args, **run_options)
