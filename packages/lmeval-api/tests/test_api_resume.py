"""An interrupted run resumes from the response cache: answered requests are not sent again."""

from __future__ import annotations

import json

import pytest
from lmeval_api.transport import ApiError
from lmeval_testkit.api import Fault

N_DOCS = 100


def _task(tmp_path):
    root = tmp_path / "tasks"
    root.mkdir()
    with open(root / "api_many.jsonl", "w") as fh:
        for i in range(N_DOCS):
            fh.write(json.dumps({"prompt": f"Repeat: item {i}", "target": f"item {i}"}) + "\n")
    (root / "api_many.yaml").write_text(
        "task: api_many\ndataset_path: json\ndataset_kwargs:\n  data_files:\n"
        "    test: api_many.jsonl\ntest_split: test\noutput_type: generate_until\n"
        "doc_to_text: \"{{prompt}}\\nAnswer:\"\ndoc_to_target: \"{{target}}\"\n"
        "generation_kwargs:\n  until: [\"\\n\"]\n  max_gen_toks: 4\n"
        "metric_list:\n  - metric: exact_match\nmetadata:\n  version: 1.0\n")
    return str(root)


def test_a_failed_run_resumes_without_resending_answers(server, tmp_path, monkeypatch):
    import lmeval

    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "idx"))
    tasks = _task(tmp_path)
    args = (f"base_url={server.url}/v1/completions,model=m,tokenizer_backend=none,"
            "num_concurrent=2,max_retries=2,backoff_base=0.01")
    seen: list[str] = []

    def fault(key: str, attempt: int) -> Fault:
        if key not in seen:
            seen.append(key)
        return Fault("status", status=500) if seen.index(key) == 70 else Fault()

    server.fault = fault
    run = dict(model="local-completions", model_args=args, tasks=["api_many"],
               include_path=tasks, use_cache=str(tmp_path / "cache"))
    with pytest.raises(ApiError, match="HTTP 500"):
        lmeval.evaluate(**run)
    first = {h.key for h in server.hits}
    answered = {h.key for h in server.hits if h.fault == "ok"}
    assert len(first) > 64 and len(answered) >= 70
    server.fault = None
    server.reset_counts()
    out = lmeval.evaluate(**run)
    again = {h.key for h in server.hits}
    # Every answer is committed to the cache as it arrives (report_answers), so what arrived
    # before the failure is kept: the rerun sends the requests that never got an answer, plus
    # at most the one other request in flight (num_concurrent=2) whose answer the failure cut off.
    assert again >= (first - answered), "a request that failed was not sent again"
    assert len(again) <= N_DOCS - len(answered) + 1, (len(again), len(answered))
    assert 0.0 <= out["results"]["api_many"]["exact_match,none"] <= 1.0


def test_sigterm_keeps_every_arrived_answer_and_says_so(server, tmp_path):
    import os
    import signal
    import sqlite3
    import subprocess
    import sys
    import time

    tasks = _task(tmp_path)
    seen: list[str] = []

    def fault(key: str, attempt: int) -> Fault:
        # 20 requests are answered; the rest wait until the run is stopped, so the signal
        # cannot come after the run's end (2 s of requests were left when it raced that)
        if key not in seen:
            seen.append(key)
        return Fault("delay", seconds=0.05) if seen.index(key) < 20 else Fault("hang")

    server.fault = fault
    cache = tmp_path / "cache"
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", "local-completions", "--model_args",
           f"base_url={server.url}/v1/completions,model=m,tokenizer_backend=none,num_concurrent=2",
           "--tasks", "api_many", "--include_path", tasks, "--use_cache", str(cache)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")})

    def cached() -> int:
        try:
            with sqlite3.connect(cache / "responses.sqlite") as conn:
                return conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
        except sqlite3.Error:
            return 0

    deadline = time.monotonic() + 120
    while cached() < 10 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run finished before it could be stopped"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err[-2000:]
    (line,) = [ln for ln in err.splitlines() if "interrupted" in ln]
    kept = cached()
    assert 10 <= kept < N_DOCS and "Traceback" not in err
    assert f"interrupted by SIGTERM; {kept} answers are kept in " in line
