"""The ONNX backends on the export against lmeval-hf on its source model, end to end.

Tolerance: per-sample log-likelihoods agree within ``1e-4 * max(1, |ll|)`` (measured here:
5e-7 relative; the runtimes' float32 kernels differ in summation order); predictions, greedy
flags and generated texts are equal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from lmeval_testkit.vs_hf import (
    assert_generations_equal,
    assert_loglikelihoods_close,
    assert_scores_match,
)
from onnx_testenv import MAX_LENGTH, TASK_NAMES, TASKS, evaluate_tasks

pytest.importorskip("onnxruntime_genai", reason="lmeval-onnx needs onnxruntime-genai")
pytest.importorskip("lmeval_hf.models", reason="the comparison runs lmeval-hf on the source model")

REL_TOL = 1e-4


@pytest.fixture(scope="module")
def runs(tiny_export, onnx_runs):
    return {"hf": evaluate_tasks("hf", tiny_export[0]), **onnx_runs}


@pytest.mark.parametrize("backend", ["onnxruntime", "onnxruntime-genai"])
def test_loglikelihoods_match_hf_within_tolerance(runs, backend):
    assert_loglikelihoods_close(runs["hf"], runs[backend], ("onnx_mc", "onnx_rolling"), REL_TOL)
    assert_scores_match(runs["hf"], runs[backend], "onnx_mc", "onnx_rolling", REL_TOL)


@pytest.mark.parametrize("backend", ["onnxruntime", "onnxruntime-genai"])
def test_generations_equal_hf(runs, backend):
    assert_generations_equal(runs["hf"], runs[backend], "onnx_gen")


def test_chat_template_prompts_and_generations_equal_hf(tiny_export):
    import lmeval

    source, export = tiny_export
    out = {}
    for model, path in (("hf", f"{source},dtype=float32"), ("onnxruntime", str(export))):
        out[model] = lmeval.evaluate(
            model=model, model_args=f"pretrained={path},max_length={MAX_LENGTH}",
            tasks=["onnx_gen"], include_path=str(TASKS), log_samples=True, limit=3,
            apply_chat_template=True, device="cpu")
    hf, onnx = out["hf"]["samples"]["onnx_gen"], out["onnxruntime"]["samples"]["onnx_gen"]
    assert [s["arguments"] for s in hf] == [s["arguments"] for s in onnx]
    assert "<|assistant|>" in str(hf[0]["arguments"])
    assert [s["resps"] for s in hf] == [s["resps"] for s in onnx]
    assert out["hf"]["chat_template"] == out["onnxruntime"]["chat_template"]


def test_cli_runs_both_onnx_model_types_and_prints_hf_scores(tiny_export, runs, tmp_path):
    """``lmeval run --model onnxruntime`` / ``onnxruntime-genai``: same table as each other,
    same scores as lmeval-hf on the source (perplexities within the stated tolerance)."""
    export = tiny_export[1]
    procs = {}
    for model in ("onnxruntime", "onnxruntime-genai"):
        cmd = [sys.executable, "-m", "lmeval", "run", "--model", model,
               "--model_args", f"pretrained={export},max_length={MAX_LENGTH}",
               "--tasks", ",".join(TASK_NAMES), "--include_path", str(TASKS),
               "--output_path", str(tmp_path / model)]
        procs[model] = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=dict(os.environ))
    tables, results = {}, {}
    for model, proc in procs.items():
        stdout, stderr = proc.communicate(timeout=300)
        assert proc.returncode == 0, stderr[-3000:]
        tables[model] = [line for line in stdout.splitlines() if line.startswith("|")]
        (path,) = (tmp_path / model).rglob("results_*.json")
        results[model] = json.loads(path.read_text())["results"]
    assert tables["onnxruntime"] == tables["onnxruntime-genai"]
    assert any("acc" in line for line in tables["onnxruntime"])
    hf = runs["hf"]["results"]
    for model in procs:
        for task in TASK_NAMES:
            for key, value in hf[task].items():
                if isinstance(value, float):
                    assert results[model][task][key] == pytest.approx(value, rel=REL_TOL), key
                else:
                    assert results[model][task][key] == value, key
