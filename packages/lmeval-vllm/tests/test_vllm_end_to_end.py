"""Whole runs: ``lmeval.evaluate`` and ``lmeval run --model vllm`` against ``--model hf`` on the
same tiny model and local tasks (multiple choice, generation, perplexity): equal scores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

TASKS = str(Path(__file__).parent / "tasks")
NAMES = ["vllm_mc", "vllm_gen", "vllm_ppl"]


def assert_same_results(ours: dict, theirs: dict) -> None:
    assert ours.keys() == theirs.keys()
    for task, metrics in theirs.items():
        for key, value in metrics.items():
            if isinstance(value, float) and "stderr" not in key:
                assert ours[task][key] == pytest.approx(value, rel=1e-5, abs=1e-6), (task, key)
            elif not isinstance(value, float):
                assert ours[task][key] == value, (task, key)


def test_evaluate_gives_the_scores_of_lmeval_hf(vllm_lm, hf_lm, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    ours = lmeval.evaluate(model=vllm_lm, tasks=NAMES, include_path=TASKS, num_fewshot=2,
                           log_samples=True)
    theirs = lmeval.evaluate(model=hf_lm, tasks=NAMES, include_path=TASKS, num_fewshot=2,
                             log_samples=True)
    assert_same_results(ours["results"], theirs["results"])
    assert 0.0 <= ours["results"]["vllm_mc"]["acc,none"] <= 1.0
    assert ours["results"]["vllm_ppl"]["word_perplexity,none"] > 1.0
    # per-sample answers agree too, not just the averages
    for a, b in zip(ours["samples"]["vllm_mc"], theirs["samples"]["vllm_mc"], strict=True):
        for (lp, greedy), (ref_lp, ref_greedy) in zip(
                [r[0] for r in a["resps"]], [r[0] for r in b["resps"]], strict=True):
            assert float(lp) == pytest.approx(float(ref_lp), abs=1e-4)
            assert greedy == ref_greedy
    assert [s["resps"] for s in ours["samples"]["vllm_gen"]] == \
        [s["resps"] for s in theirs["samples"]["vllm_gen"]]


def test_evaluate_with_chat_template(vllm_lm, hf_lm, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    kwargs = {"tasks": ["vllm_mc", "vllm_gen"], "include_path": TASKS, "limit": 4,
              "apply_chat_template": True, "log_samples": True}
    ours = lmeval.evaluate(model=vllm_lm, **kwargs)
    theirs = lmeval.evaluate(model=hf_lm, **kwargs)
    assert ours["chat_template"] == vllm_lm.chat_template
    assert "<|assistant|>" in str(ours["samples"]["vllm_mc"][0]["arguments"])
    assert_same_results(ours["results"], theirs["results"])


def _cli_results(out: Path) -> dict:
    (file,) = sorted(out.rglob("results_*.json"))
    return json.loads(file.read_text())


def test_cli_run_model_vllm_equals_model_hf(tiny_llama, tmp_path, monkeypatch, engine_env):
    """``lmeval run --model vllm`` (its own process, as a user runs it) and ``--model hf``.

    The vLLM run is a subprocess: a second in-process engine would tear down the session
    engine's process-wide parallel state when it shuts down.
    """
    from lmeval.cli import main

    env = {**os.environ, **engine_env, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    common = ["--tasks", ",".join(NAMES), "--include_path", TASKS, "--num_fewshot", "2"]
    vllm_args = (f"pretrained={tiny_llama},dtype=float32,max_model_len=512,enforce_eager=True,"
                 "distributed_executor_backend=uni,block_size=32")
    run = subprocess.run(
        [sys.executable, "-m", "lmeval", "run", "--model", "vllm", "--model_args", vllm_args,
         "--batch_size", "auto", "--output_path", str(tmp_path / "vllm"), *common],
        capture_output=True, text=True, timeout=600, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "vllm_mc" in run.stdout and "acc_norm" in run.stdout
    assert main(["run", "--model", "hf", "--model_args", f"pretrained={tiny_llama},dtype=float32",
                 "--batch_size", "4", "--output_path", str(tmp_path / "hf"), *common]) == 0
    ours, theirs = _cli_results(tmp_path / "vllm"), _cli_results(tmp_path / "hf")
    assert_same_results(ours["results"], theirs["results"])
    assert ours["config"]["model"] == "vllm"
