"""Whole runs: `lmeval.evaluate` and `lmeval run` on a tiny local model over local tasks, and
`torchrun --nproc-per-node=2` (gloo, CPU) giving the same results as one process."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

TASKS = str(Path(__file__).parent / "tasks")


def _env(tmp_path):
    return {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "HF_HUB_OFFLINE": "1",
            "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}


def test_evaluate_multiple_choice_generation_and_perplexity(llama, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    out = lmeval.evaluate(model=llama, tasks=["hf_mc", "hf_gen", "hf_ppl"], include_path=TASKS,
                          num_fewshot=2, log_samples=True)
    res = out["results"]
    assert 0.0 <= res["hf_mc"]["acc,none"] <= 1.0
    assert res["hf_gen"]["exact_match,none"] in (0.0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6, 1.0)
    assert res["hf_ppl"]["word_perplexity,none"] > 1.0
    mc = out["samples"]["hf_mc"][0]
    assert "Question:" in mc["arguments"][0][0] or "Question:" in str(mc["arguments"])


def test_apply_chat_template_run(llama, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    out = lmeval.evaluate(model=llama, tasks=["hf_mc"], include_path=TASKS, limit=3,
                          apply_chat_template=True, log_samples=True)
    assert out["chat_template"] == llama.chat_template
    prompt = str(out["samples"]["hf_mc"][0]["arguments"])
    assert "<|user|>" in prompt and "<|assistant|>" in prompt


def _run_args(model_path, out):
    return ["run", "--model", "hf", "--model_args", f"pretrained={model_path},max_length=256",
            "--tasks", "hf_mc,hf_gen,hf_ppl", "--include_path", TASKS, "--num_fewshot", "2",
            "--batch_size", "auto:2", "--output_path", str(out)]


def _results(out):
    (file,) = sorted(Path(out).rglob("results_*.json"))
    return json.loads(file.read_text())["results"]


@pytest.mark.slow
def test_cli_run_and_torchrun_two_ranks_equal_one_process(llama_path, tmp_path):
    env = _env(tmp_path)
    one = subprocess.run([sys.executable, "-m", "lmeval", *_run_args(llama_path, tmp_path / "one")],
                         capture_output=True, text=True, timeout=600, env=env)
    assert one.returncode == 0, one.stderr[-3000:]
    assert "|hf_mc" in one.stdout and "acc_norm" in one.stdout and "word_perplexity" in one.stdout
    torchrun = shutil.which("torchrun", path=os.path.dirname(sys.executable))
    if torchrun is None:
        pytest.skip("torchrun is not on the venv's PATH")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    two = subprocess.run([torchrun, "--nproc-per-node=2", f"--master-port={port}", "-m", "lmeval",
                          *_run_args(llama_path, tmp_path / "two")],
                         capture_output=True, text=True, timeout=900, env=env)
    assert two.returncode == 0, two.stderr[-3000:]
    a, b = _results(tmp_path / "one"), _results(tmp_path / "two")
    assert a.keys() == b.keys()
    for task in a:
        for key, value in a[task].items():
            if isinstance(value, float):
                assert b[task][key] == pytest.approx(value, rel=1e-6), (task, key)
            else:
                assert b[task][key] == value
    assert two.stdout.count("|hf_mc") == 1  # rank 0 prints the table
