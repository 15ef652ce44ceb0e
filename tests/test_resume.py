"""Crash safety: a run killed with SIGKILL resumes from --use_cache, calls the model only for what
was not cached, and produces a byte-identical results section."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from lmeval_system_helpers import ROOT

TASKS = ROOT / "tests" / "resume_task"
HOLD_PLUGIN = TASKS / "hold_plugin.py"
TOTAL = 120 * 4 + 120  # multiple-choice requests + generations, all distinct


def _cmd(cache: Path, out: Path, log: Path, delay: float) -> list[str]:
    return [sys.executable, "-m", "lmeval", "run", "--model", "dummy",
            "--model_args", f"delay={delay},call_log={log},chunk_size=20",
            "--tasks", "resume_mc,resume_gen", "--include_path", str(TASKS),
            "--use_cache", str(cache), "--output_path", str(out)]


def _calls(log: Path) -> int:
    if not log.exists():
        return 0
    return sum(int(line.split()[1]) for line in log.read_text().splitlines() if line.strip())


def _results(out: Path) -> str:
    (file,) = sorted(out.rglob("results_*.json"))
    return json.dumps(json.loads(file.read_text())["results"], sort_keys=True)


def _cached(cache: Path) -> int:
    with sqlite3.connect(cache / "responses.sqlite") as conn:
        try:
            return conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
        except sqlite3.OperationalError:  # the run has not created its table yet
            return 0


def test_kill_9_then_resume_is_identical_and_computes_only_the_rest(tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    # a clean, uninterrupted reference run
    ref_log = tmp_path / "ref.log"
    subprocess.run(_cmd(tmp_path / "ref-cache", tmp_path / "ref-out", ref_log, 0.0), check=True,
                   env=env, capture_output=True, timeout=300)
    assert _calls(ref_log) == TOTAL

    cache, log = tmp_path / "cache", tmp_path / "first.log"
    proc = subprocess.Popen(_cmd(cache, tmp_path / "out1", log, 0.004), env=_held(env, 200),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait_for_cache(proc, cache, 200)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    cached = _cached(cache)
    assert 0 < cached < TOTAL

    log2 = tmp_path / "second.log"
    subprocess.run(_cmd(cache, tmp_path / "out2", log2, 0.0), check=True, env=env,
                   capture_output=True, timeout=300)
    assert _calls(log2) == TOTAL - cached
    assert _results(tmp_path / "out2") == _results(tmp_path / "ref-out")

    # a third run computes nothing
    log3 = tmp_path / "third.log"
    subprocess.run(_cmd(cache, tmp_path / "out3", log3, 0.0), check=True, env=env,
                   capture_output=True, timeout=300)
    assert _calls(log3) == 0
    assert _results(tmp_path / "out3") == _results(tmp_path / "ref-out")


def _held(env: dict, answers: int) -> dict:
    """``env`` with tests/resume_task/hold_plugin.py loaded: the run holds (as if its next request
    took minutes) once it has computed ``answers``, so a signal sent then cannot miss the run."""
    return {**env, "LMEVAL_PLUGINS": str(HOLD_PLUGIN), "LMEVAL_TEST_HOLD_AFTER": str(answers)}


def _wait_for_cache(proc: subprocess.Popen, cache: Path, at: int) -> None:
    """Until the cache holds ``at`` answers; fails (killing the run) if it does not in 120 s."""
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if (cache / "responses.sqlite").exists() and _cached(cache) >= at:
            return
        time.sleep(0.02)
    proc.kill()
    _, err = proc.communicate(timeout=60)
    raise AssertionError(f"the cache never held {at} answers (exit {proc.returncode}):\n"
                         f"{(err or '')[-2000:]}")


def _stop(cmd: list[str], env: dict, cache: Path, sig: int, at: int,
          before: int) -> subprocess.CompletedProcess:
    """Run ``cmd`` (the cache holds ``before`` answers) and send ``sig`` once it holds ``at``."""
    proc = subprocess.Popen(cmd, env=_held(env, at - before), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    _wait_for_cache(proc, cache, at)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)


def test_sigterm_and_sigint_keep_every_answer_print_one_line_and_resume(tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    ref_log = tmp_path / "ref.log"
    subprocess.run(_cmd(tmp_path / "ref-cache", tmp_path / "ref-out", ref_log, 0.0), check=True,
                   env=env, capture_output=True, timeout=300)
    cache = tmp_path / "cache"
    before = 0
    for n, (sig, code, name, at) in enumerate([(signal.SIGTERM, 143, "SIGTERM", 50),
                                               (signal.SIGINT, 130, "SIGINT", 530)]):
        log = tmp_path / f"run{n}.log"
        cmd = _cmd(cache, tmp_path / f"out{n}", log, 0.004)
        proc = _stop(cmd, env, cache, sig, at, before)
        assert proc.returncode == code, proc.stderr[-2000:]
        assert "Traceback" not in proc.stderr and proc.stdout == ""
        (line,) = [ln for ln in proc.stderr.splitlines() if "interrupted" in ln]
        cached = _cached(cache)
        assert at <= cached < TOTAL
        assert line.startswith(f"lmeval: interrupted by {name}; {cached} answers are kept in "
                               f"{cache / 'responses.sqlite'} ({cached - before} computed by this run)")
        # the command as typed (its flags in order), so the same command resumes
        assert "; resume with: lmeval run --model dummy --model_args delay=0.004," in line
        assert line.endswith(f" --use_cache {cache} --output_path {tmp_path / f'out{n}'}")
        before = cached
    log = tmp_path / "last.log"
    subprocess.run(_cmd(cache, tmp_path / "last", log, 0.0), check=True, env=env,
                   capture_output=True, timeout=300)
    assert _calls(log) == TOTAL - before
    assert _results(tmp_path / "last") == _results(tmp_path / "ref-out")


def test_sigterm_without_a_cache_says_nothing_was_kept(tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    log = tmp_path / "run.log"
    cmd = _cmd(tmp_path / "unused", tmp_path / "out", log, 0.01)
    i = cmd.index("--use_cache")
    del cmd[i:i + 2]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not log.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # until the first model call returned
    assert proc.poll() is None, "the run finished before it could be stopped"
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err[-2000:]
    (line,) = [ln for ln in err.splitlines() if "interrupted" in ln]
    assert line == ("lmeval: interrupted by SIGTERM; no answer was kept (without --use_cache DIR "
                    "a run cannot be resumed)")


def test_output_path_lost_during_the_run_sends_results_to_the_fallback(tmp_path):
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    log, out = tmp_path / "run.log", tmp_path / "out"
    cmd = _cmd(tmp_path / "cache", out, log, 0.005)
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not log.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the run finished before the output path could be taken away"
    out.write_text("a file where the output folder was to go\n")  # checked fine at the start
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 1, stderr[-2000:]
    assert "|resume_mc" in stdout and "acc" in stdout  # the table was printed anyway
    assert "Traceback" not in stderr
    (line,) = [ln for ln in stderr.splitlines() if "cannot write the results" in ln]
    fallback = tmp_path / "idx" / "unsaved-results"
    assert line.startswith(f"lmeval: error: cannot write the results to {out} (")
    assert line.endswith(" instead") and f"written to {fallback}" in line
    (saved,) = fallback.rglob("results_*.json")
    assert json.loads(saved.read_text())["results"]["resume_mc"]["acc,none"] >= 0
