"""``--executor ray`` on a real Ray cluster started by the module (head node and worker processes
on this machine, CPU only): the same results as one process for 1, 2 and 3 replicas (the
reference LM, and the tiny Llama through ``hf``), a replica killed mid-run, a node that joins
mid-run, a driver killed and resumed with another replica count, and replicas that cannot
load or cannot be placed. Every run is bounded in time; the cluster stops after the module."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import lmeval
import pytest
from lmeval.errors import LmevalError, UsageError
from ray_testenv import TOTAL, replica_pids

pytestmark = pytest.mark.timeout(240)
TASKS = ["ray_mc", "ray_gen"]
HOLD_PLUGIN = Path(__file__).with_name("ray_hold_plugin.py")


def _run(ray_tasks: Path, model_args: str = "", *, executor: str | None = None,
         model: str = "dummy", **kw):
    return lmeval.evaluate(model, model_args, TASKS, include_path=str(ray_tasks),
                           log_samples=True, bootstrap_iters=0, executor=executor,
                           progress=False, **kw)


def _samples(results: dict) -> dict:
    """Per task, every sample as logged: prompts, answers, filtered answers, metrics."""
    return results["samples"]


def _calls(log: Path) -> int:
    if not log.exists():
        return 0
    return sum(int(line.split()[1]) for line in log.read_text().splitlines() if line.strip())


def _cached(directory: Path) -> int:
    with sqlite3.connect(directory / "responses.sqlite") as conn:
        try:
            return conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
        except sqlite3.OperationalError:
            return 0


def _no_replicas_left(within: float = 15.0) -> bool:
    """Whether this cluster's replica processes are gone (Ray reaps them asynchronously)."""
    deadline = time.monotonic() + within
    while replica_pids():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


@pytest.fixture(scope="module")
def reference(ray_tasks):
    """One process, no executor: what every Ray run must reproduce."""
    return _run(ray_tasks)


@pytest.mark.parametrize("replicas", [1, 2, 3])
def test_replicas_give_the_single_process_results_per_sample(ray_cluster, ray_tasks, reference,
                                                              replicas, capfd, tmp_path):
    log = tmp_path / "calls.log"
    spread = _run(ray_tasks, f"call_log={log}",
                  executor=f"ray:replicas={replicas},num_cpus=0.5,batch=8,min_ready={replicas}")
    assert spread["results"] == reference["results"]
    assert _samples(spread) == _samples(reference)  # prompts, answers, filtered answers, metrics
    assert _calls(log) == TOTAL  # every distinct request computed exactly once
    summary = next(line for line in capfd.readouterr().err.splitlines()
                   if line.startswith("lmeval-ray:"))
    answered = summary.split("answered per replica: ")[1].rstrip(")").split(", ")
    assert len(answered) == replicas, summary  # every replica took work
    assert sum(int(part.split(": ")[1]) for part in answered) == TOTAL


def test_hf_tiny_llama_over_two_replicas_matches_one_process(ray_cluster, ray_tasks,
                                                             lmeval_tiny_llama):
    pytest.importorskip("lmeval_hf", reason="lmeval-hf is not installed")
    args = f"pretrained={lmeval_tiny_llama},dtype=float32"
    single = _run(ray_tasks, args, model="hf", limit=12)
    spread = _run(ray_tasks, args, model="hf", limit=12,
                  executor="ray:replicas=2,num_cpus=1,batch=5")
    for task in TASKS:
        ours, theirs = spread["samples"][task], single["samples"][task]
        assert [r["doc_id"] for r in ours] == [r["doc_id"] for r in theirs]
        for a, b in zip(ours, theirs, strict=True):
            assert a["arguments"] == b["arguments"]
            if task == "ray_gen":
                assert a["resps"] == b["resps"]  # the same generated text
            else:
                for (lp, greedy), (ref, ref_greedy) in zip((r[0] for r in a["resps"]),
                                                           (r[0] for r in b["resps"]), strict=True):
                    assert lp == pytest.approx(ref, abs=1e-5) and greedy == ref_greedy
    assert spread["results"]["ray_mc"]["acc,none"] == single["results"]["ray_mc"]["acc,none"]
    assert spread["config"]["model_args"] == single["config"]["model_args"]


def test_an_api_backend_over_two_replicas_matches_one_process(ray_cluster, ray_tasks,
                                                              lmeval_fault_server):
    """local-completions against an HTTP server on 127.0.0.1: each replica is a client."""
    pytest.importorskip("lmeval_api", reason="lmeval-api is not installed")
    args = (f"base_url={lmeval_fault_server.url}/v1/completions,model=m,tokenizer_backend=none,"
            f"tokenized_requests=False")
    kw = {"tasks": ["ray_gen"], "include_path": str(ray_tasks), "log_samples": True,
          "bootstrap_iters": 0, "progress": False, "limit": 20}
    single = lmeval.evaluate("local-completions", args, **kw)
    spread = lmeval.evaluate("local-completions", args, **kw,
                             executor="ray:replicas=2,num_cpus=0.5,batch=4,min_ready=2")
    assert spread["samples"] == single["samples"] and spread["results"] == single["results"]
    assert all(row["resps"][0][0] for row in spread["samples"]["ray_gen"])  # real answers


@pytest.mark.parametrize("restarts", [0, 1])
def test_a_replica_killed_mid_run_loses_nothing(ray_cluster, ray_tasks, reference, tmp_path, capfd,
                                                restarts, monkeypatch):
    """SIGKILL one replica's process while it works: its unfinished batches go to the others
    (and a replacement starts with restarts=1); every answer is there once, the results are
    the single-process ones."""
    from lmeval_ray.pool import RayPool

    log, cache = tmp_path / "calls.log", tmp_path / "cache"
    killed: list[int] = []
    reported = [0]
    report = RayPool.report_answers

    def report_then_kill(self, answers) -> None:
        # The kill happens in the driver, as the 40th answer of 300 is handed over: the queue
        # still holds most batches, so the pool gives the dead replica work and notices. (A
        # thread that polled the call log raced the run's end: ~1 s from the 40th call.)
        report(self, answers)
        reported[0] += len(answers)
        if reported[0] >= 40 and not killed:
            pids = replica_pids()
            if pids:
                os.kill(pids[-1], signal.SIGKILL)
                killed.append(pids[-1])

    monkeypatch.setattr(RayPool, "report_answers", report_then_kill)
    spread = _run(ray_tasks, f"delay=0.01,call_log={log}", use_cache=str(cache),
                  executor=f"ray:replicas=3,num_cpus=0.5,batch=10,restarts={restarts}")
    assert killed, "no replica process was found to kill"
    err = capfd.readouterr().err
    assert "lost (" in err
    assert ("go back to the queue; 3 replicas remain; a replacement starts (0 restarts left)"
            if restarts else "go back to the queue; 2 replicas remain") in err, err
    assert spread["results"] == reference["results"]
    assert _samples(spread) == _samples(reference)
    assert _cached(cache) == TOTAL
    # the killed replica's batch in progress is computed again elsewhere: at most its batches
    # in flight (in_flight=2 of 10 requests) are computed twice, none is answered twice
    assert TOTAL <= _calls(log) <= TOTAL + 20


def test_a_node_that_joins_mid_run_takes_work(ray_cluster, ray_tasks, reference, capfd,
                                              monkeypatch):
    """Three replicas of 1.5 CPUs on a 3-CPU head: two start, the third waits for resources
    and takes batches once a node joins during the run (the run goes on in a thread; Ray adds
    nodes only from the main thread)."""
    import ray
    from lmeval_ray.pool import RayPool

    out: dict = {}
    working = threading.Event()
    report = RayPool.report_answers

    def report_then_wait_for_the_late_replica(self, answers) -> None:
        # The node joins once the first answers are in (mid-run, not before the run began, as a
        # fixed 1.5 s sleep often did), and the driver hands out no more work until the waiting
        # replica holds its model: a node and a replica that start slowly on a loaded machine
        # can no longer miss the ~6 s of work (the late replica took none, and the test failed).
        report(self, answers)
        if not working.is_set():
            working.set()
            loading = [m.load_ref for m in self.members if m.state == "loading"]
            ready, _ = ray.wait(loading, num_returns=len(loading), timeout=120)
            assert len(ready) == len(loading), "the replica waiting for a node never loaded"

    monkeypatch.setattr(RayPool, "report_answers", report_then_wait_for_the_late_replica)

    def evaluate() -> None:
        try:
            out["results"] = _run(ray_tasks, "delay=0.04",
                                  executor="ray:replicas=3,num_cpus=1.5,batch=6,load_timeout=60")
        except BaseException as exc:  # noqa: BLE001 - re-raised below
            out["error"] = exc

    worker = threading.Thread(target=evaluate)
    worker.start()
    if not working.wait(120):
        worker.join(120)
        raise AssertionError(f"the run handed over no answer in 120 s: {out.get('error')!r}")
    node = ray_cluster.add_node(num_cpus=2)
    try:
        worker.join(timeout=120)
    finally:
        ray_cluster.remove_node(node)
    assert not worker.is_alive()
    if "error" in out:
        raise out["error"]
    assert out["results"]["results"] == reference["results"]
    summary = next(line for line in capfd.readouterr().err.splitlines()
                   if line.startswith("lmeval-ray:"))
    assert "2: " in summary.split("answered per replica: ")[1], summary  # the late replica worked


def _cli(ray_cluster, ray_tasks: Path, cache: Path, out: Path, log: Path, replicas: int,
         delay: float) -> list[str]:
    return [sys.executable, "-m", "lmeval", "run", "--model", "dummy",
            "--model_args", f"delay={delay},call_log={log}", "--tasks", ",".join(TASKS),
            "--include_path", str(ray_tasks), "--use_cache", str(cache), "--output_path", str(out),
            "--bootstrap_iters", "0", "--log_samples",
            "--executor", f"ray:replicas={replicas},num_cpus=0.5,batch=10,address={ray_cluster.address}"]


@pytest.mark.parametrize("sig, rerun_replicas", [(signal.SIGKILL, 3), (signal.SIGINT, 1)])
def test_a_killed_driver_resumes_with_another_replica_count(ray_cluster, ray_tasks, reference,
                                                            tmp_path, sig, rerun_replicas):
    """kill -9 (or Ctrl-C) of `lmeval run` with 2 replicas; the rerun with 3 (or 1) computes
    only what the cache lacks, and the results equal one process's."""
    cache = tmp_path / "cache"
    first_log = tmp_path / "first.log"
    # the driver holds once 80 answers are cached (ray_hold_plugin.py): the signal cannot come
    # after the run's end, ~1 s later without the hold
    env = {**os.environ, "LMEVAL_PLUGINS": str(HOLD_PLUGIN), "LMEVAL_TEST_HOLD_AFTER": "80"}
    proc = subprocess.Popen(_cli(ray_cluster, ray_tasks, cache, tmp_path / "out1", first_log, 2, 0.01),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 120
    while proc.poll() is None and (not (cache / "responses.sqlite").exists() or _cached(cache) < 80):
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the cache never held 80 answers: {proc.communicate()[1][-2000:]!r}")
        time.sleep(0.05)
    assert proc.poll() is None, proc.stderr.read().decode()[-2000:] if proc.stderr else ""
    os.kill(proc.pid, sig)
    proc.wait(timeout=30)
    if sig == signal.SIGINT:  # stopped cleanly, saying how to resume; its replicas stopped
        assert proc.returncode == 130
        assert "interrupted by SIGINT" in proc.stderr.read().decode()
    assert _no_replicas_left()
    cached = _cached(cache)
    assert 0 < cached < TOTAL

    second_log = tmp_path / "second.log"
    done = subprocess.run(_cli(ray_cluster, ray_tasks, cache, tmp_path / "out2", second_log,
                               rerun_replicas, 0.0),
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"{cached} from the cache, {TOTAL - cached} to compute" in done.stderr
    assert _calls(second_log) == TOTAL - cached  # nothing cached is recomputed
    (file,) = sorted((tmp_path / "out2").rglob("results_*.json"))
    saved = json.loads(file.read_text())
    assert saved["results"] == json.loads(json.dumps(reference["results"]))


def test_a_replica_that_cannot_load_its_model_is_a_clear_error(ray_cluster, ray_tasks):
    start = time.monotonic()
    with pytest.raises(LmevalError) as info:
        _run(ray_tasks, "seed=not-a-number", executor="ray:replicas=2,num_cpus=0.5")
    text = str(info.value)
    assert text.startswith("--executor ray: replica ") and "failed to load model 'dummy'" in text
    assert "ValueError" in text and "not-a-number" in text
    assert time.monotonic() - start < 60
    assert _no_replicas_left()  # its actors are stopped


def test_replicas_the_cluster_cannot_place_fail_after_load_timeout(ray_cluster, ray_tasks):
    start = time.monotonic()
    with pytest.raises(LmevalError, match=r"no replica of model 'dummy' was ready within "
                                          r"load_timeout=2s; each asks for num_cpus=1, num_gpus=1"):
        _run(ray_tasks, executor="ray:replicas=1,num_gpus=1,load_timeout=2")
    assert time.monotonic() - start < 30


@pytest.mark.parametrize("spec, message", [
    ("ray:replica=2", r"--executor ray: no option 'replica' \(did you mean 'replicas'"),
    ("ray:replicas=0", r"--executor ray: replicas: expected an integer >= 1, got 0"),
    ("ray:batch=two", r"--executor ray: batch: expected an integer >= 1, got 'two'"),
    ("ray:num_cpus=-1", r"--executor ray: num_cpus: expected a finite number >= 0, got -1"),
    ("rey:replicas=2", r"unknown executor 'rey' \(did you mean 'ray'"),
])
def test_bad_executor_options_are_usage_errors(ray_tasks, spec, message):
    with pytest.raises(UsageError, match=message):
        _run(ray_tasks, executor=spec)


def test_cli_bad_option_exits_2_before_any_model_loads(ray_tasks):
    done = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks",
                           "ray_mc", "--include_path", str(ray_tasks), "--executor",
                           "ray:replicas=2,adress=auto"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "no option 'adress' (did you mean 'address'?)" in done.stderr
    assert "Traceback" not in done.stderr


def test_ls_executors_lists_ray_with_its_distribution():
    done = subprocess.run([sys.executable, "-m", "lmeval", "ls", "executors"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    rows = [line.split() for line in done.stdout.splitlines()]
    assert rows[0] == ["executor", "distribution", "aliases"] and ["ray", "lmeval-ray"] in rows
