"""Ranks: `torchrun --nproc-per-node=2` (gloo, CPU) gives the same results as one process, and
its response cache serves a later 1-process run completely (the cache is not rank-dependent)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys

import pytest
from lmeval_system_helpers import ROOT

pytest.importorskip("torch", reason="torch is needed for torch.distributed (installed by scripts/test.sh)")
TASKS = str(ROOT / "tests" / "resume_task")


def _args(out, cache, log):
    return ["run", "--model", "dummy", "--model_args", f"call_log={log},chunk_size=50",
            "--tasks", "resume_mc,resume_gen", "--include_path", TASKS, "--output_path", str(out),
            "--use_cache", str(cache)]


def _results(out):
    (file,) = sorted(out.rglob("results_*.json"))
    return json.loads(file.read_text())["results"]


def _calls(log):
    return sum(int(line.split()[1]) for line in log.read_text().splitlines()) if log.exists() else 0


def test_torchrun_two_ranks_equals_one_process(tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "OMP_NUM_THREADS": "1"}
    single = subprocess.run([sys.executable, "-m", "lmeval", *_args(tmp_path / "one", tmp_path / "c1", tmp_path / "one.log")],
                            env=env, capture_output=True, text=True, timeout=300)
    assert single.returncode == 0, single.stderr
    torchrun = shutil.which("torchrun", path=os.path.dirname(sys.executable)) or "torchrun"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    multi = subprocess.run([torchrun, "--nproc-per-node=2", f"--master-port={port}", "-m", "lmeval",
                            *_args(tmp_path / "two", tmp_path / "c2", tmp_path / "two.log")],
                           env=env, capture_output=True, text=True, timeout=600)
    assert multi.returncode == 0, multi.stderr[-3000:]
    assert _results(tmp_path / "two") == _results(tmp_path / "one")
    # both ranks computed a share; together exactly the distinct requests
    assert _calls(tmp_path / "two.log") == _calls(tmp_path / "one.log") == 600
    assert multi.stdout.count("|resume_mc") == 1  # only rank 0 prints the table
    again = subprocess.run([sys.executable, "-m", "lmeval", *_args(tmp_path / "again", tmp_path / "c2", tmp_path / "again.log")],
                           env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert _calls(tmp_path / "again.log") == 0
    assert _results(tmp_path / "again") == _results(tmp_path / "one")
