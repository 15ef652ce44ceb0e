"""A real ``--model hf`` run killed with SIGKILL at several moments keeps every finished batch
in the response cache (at most the batch in flight is lost), and the run resumed from that cache
gives the results of a clean run. SIGTERM stops it with one line and exit status 143."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

BATCH = 4
N_MC, N_CHOICES, N_GEN, N_PPL = 24, 4, 16, 8
TOTAL = N_MC * N_CHOICES + N_GEN + N_PPL

#: a plugin module that logs each reported batch before and after the scheduler commits it,
#: then waits as if the next batch were being computed (so kills land mid-kind); once this
#: process has committed ``PROBE_HOLD`` answers it holds there (up to 5 minutes) for the test's
#: signal: the last stop is 10 answers before the end, ~0.15 s of run, which a poller late by
#: that much on a loaded machine would miss
PROBE = '''
import os, time
from lmeval_hf.models import HFLM

_LOG = os.environ["PROBE_LOG"]
_WAIT = float(os.environ.get("PROBE_WAIT", "0"))
_HOLD = int(os.environ.get("PROBE_HOLD") or 0)
_report = HFLM.report_answers
_committed = [0]


def _write(line):
    with open(_LOG, "a") as fh:
        fh.write(line + "\\n")


def report_answers(self, answers):
    _write(f"computed {len(answers)}")
    _report(self, answers)
    _write(f"committed {len(answers)}")
    _committed[0] += len(answers)
    if _HOLD and _committed[0] >= _HOLD:
        time.sleep(300)  # the test's signal ends this
    time.sleep(_WAIT)


HFLM.report_answers = report_answers
'''


def _write_tasks(root: Path) -> Path:
    rng = random.Random(7)
    words = "red blue green small large river stone light cloud quiet north early".split()
    root.mkdir(parents=True, exist_ok=True)
    common = "dataset_path: json\ntest_split: test\nmetadata:\n  version: 1.0\n"
    with (root / "k_mc.jsonl").open("w") as fh:
        for i in range(N_MC):
            choices = [" ".join(rng.choices(words, k=rng.randint(1, 3))) + f" {j}"
                       for j in range(N_CHOICES)]  # distinct: every request is computed
            fh.write(json.dumps({"q": f"{i}: " + " ".join(rng.choices(words, k=rng.randint(3, 12))),
                                 "choices": choices, "answer": rng.randrange(N_CHOICES)}) + "\n")
    (root / "k_mc.yaml").write_text(
        "task: k_mc\ndataset_kwargs:\n  data_files:\n    test: k_mc.jsonl\n" + common +
        "output_type: multiple_choice\ndoc_to_text: \"Q: {{q}}\\nA:\"\ndoc_to_choice: "
        "\"{{choices}}\"\ndoc_to_target: answer\nmetric_list:\n  - metric: acc\n")
    with (root / "k_gen.jsonl").open("w") as fh:
        for i in range(N_GEN):
            fh.write(json.dumps({"p": f"{i} " + " ".join(rng.choices(words, k=rng.randint(2, 10))),
                                 "t": rng.choice(words)}) + "\n")
    (root / "k_gen.yaml").write_text(
        "task: k_gen\ndataset_kwargs:\n  data_files:\n    test: k_gen.jsonl\n" + common +
        "output_type: generate_until\ndoc_to_text: \"{{p}}\\nAnswer:\"\ndoc_to_target: \"{{t}}\"\n"
        "generation_kwargs:\n  until: [\"\\n\"]\n  max_gen_toks: 6\n"
        "metric_list:\n  - metric: exact_match\n")
    with (root / "k_ppl.jsonl").open("w") as fh:
        for i in range(N_PPL):
            fh.write(json.dumps({"page": f"{i} " + " ".join(rng.choices(words, k=rng.randint(20, 90)))})
                     + "\n")
    (root / "k_ppl.yaml").write_text(
        "task: k_ppl\ndataset_kwargs:\n  data_files:\n    test: k_ppl.jsonl\n" + common +
        "output_type: loglikelihood_rolling\ndoc_to_text: \"\"\ndoc_to_target: \"{{page}}\"\n"
        "metric_list:\n  - metric: word_perplexity\n")
    return root


def _cmd(model: str, tasks: Path, cache: Path | None, out: Path, probe: Path) -> list[str]:
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", "hf",
           "--model_args", f"pretrained={model},max_length=64", "--batch_size", str(BATCH),
           "--tasks", "k_mc,k_ppl,k_gen", "--include_path", str(tasks),
           "--output_path", str(out), "--plugins", str(probe)]
    return cmd + (["--use_cache", str(cache)] if cache is not None else [])


def _env(tmp_path: Path, log: Path, wait: float) -> dict[str, str]:
    return {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "HF_HUB_OFFLINE": "1",
            "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false",
            "PROBE_LOG": str(log), "PROBE_WAIT": str(wait)}


def _log(log: Path) -> tuple[int, int, int]:
    """Answers computed, answers committed, size of the last batch."""
    computed = committed = last = 0
    if log.exists():
        for line in log.read_text().splitlines():
            what, _, n = line.partition(" ")
            if what == "computed" and n:
                computed += int(n)
                last = int(n)
            elif what == "committed" and n:
                committed += int(n)
    return computed, committed, last


def _cached(cache: Path) -> int:
    path = cache / "responses.sqlite"
    if not path.exists():
        return 0
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])


def _results(out: Path) -> str:
    (file,) = sorted(out.rglob("results_*.json"))
    return json.dumps(json.loads(file.read_text())["results"], sort_keys=True)


def _run_until(cmd: list[str], env: dict[str, str], log: Path, committed_at_least: int,
               sig: int) -> subprocess.Popen:
    """Start a run, and send ``sig`` once this run's log shows that many answers committed (the
    probe holds the run there, so the signal cannot come after the run's end)."""
    proc = subprocess.Popen(cmd, env={**env, "PROBE_HOLD": str(committed_at_least)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 300
    while _log(log)[1] < committed_at_least and proc.poll() is None:
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the run made no progress in 300 s: {_log(log)}")
        time.sleep(0.01)
    assert proc.poll() is None, "the run finished before it could be stopped"
    proc.send_signal(sig)
    proc.wait(timeout=120)
    return proc


def test_sigkill_at_several_moments_keeps_finished_batches_and_resumes_exactly(llama_path, tmp_path):
    # answers in the cache when each kill is sent: early and late in loglikelihood (96
    # requests), in loglikelihood_rolling (8), in generate_until (16)
    stops = (2, 60, 100, 110)
    tasks = _write_tasks(tmp_path / "tasks")
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    clean_log = tmp_path / "clean.log"
    clean = subprocess.run(_cmd(llama_path, tasks, None, tmp_path / "clean", probe),
                           env=_env(tmp_path, clean_log, 0.0), capture_output=True, text=True,
                           timeout=600)
    assert clean.returncode == 0, clean.stderr[-3000:]
    assert _log(clean_log)[0] == TOTAL  # every answer of a clean run is reported

    cache = tmp_path / "cache"
    before = 0
    for n, stop in enumerate(stops):
        # stop: answers in the cache (over all runs so far) when the kill is sent
        log = tmp_path / f"kill{n}.log"
        proc = _run_until(_cmd(llama_path, tasks, cache, tmp_path / f"out{n}", probe),
                          _env(tmp_path, log, 0.05), log, stop - before, signal.SIGKILL)
        assert proc.returncode == -signal.SIGKILL
        computed, committed, last = _log(log)
        cached = _cached(cache)
        # every batch the backend finished and handed over is in the cache; at most the
        # batch in flight (computed, not yet committed) is lost
        assert before + committed <= cached <= before + computed, (before, committed, cached)
        # (a batch of the shared-prefix path is BATCH questions, each with all its choices)
        assert before + computed - cached <= last <= BATCH * N_CHOICES
        assert cached < TOTAL
        before = cached
    assert 0 < before < TOTAL

    log = tmp_path / "resume.log"
    done = subprocess.run(_cmd(llama_path, tasks, cache, tmp_path / "resumed", probe),
                          env=_env(tmp_path, log, 0.0), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert _log(log)[0] == TOTAL - before  # only what the cache lacked was computed
    assert f"{TOTAL} distinct requests: {before} from the cache, {TOTAL - before} to compute" \
        in done.stderr
    assert _results(tmp_path / "resumed") == _results(tmp_path / "clean")


def test_sigterm_flushes_and_says_how_to_resume(llama_path, tmp_path):
    tasks = _write_tasks(tmp_path / "tasks")
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    cache, log = tmp_path / "cache", tmp_path / "term.log"
    cmd = _cmd(llama_path, tasks, cache, tmp_path / "out", probe)
    proc = _run_until(cmd, _env(tmp_path, log, 0.05), log, 30, signal.SIGTERM)
    err = proc.stderr.read()
    assert proc.returncode == 143, err[-3000:]
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if "interrupted" in line]
    assert len(lines) == 1, err[-3000:]
    cached = _cached(cache)
    computed, committed, _ = _log(log)
    assert 30 <= committed <= cached <= computed  # nothing handed over was dropped
    assert f"interrupted by SIGTERM; {cached} answers are kept in {cache / 'responses.sqlite'}" \
        in lines[0]
    assert "resume with: lmeval run --model hf" in lines[0] and "--use_cache" in lines[0]


def test_every_path_reports_each_batch_exactly_as_returned(any_lm):
    """Shared-prefix and plain scoring, seq2seq, rolling windows and generation: each answer is
    reported once, as its batch finishes, equal to the returned one."""
    from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
    from lmeval.testing import record_reports

    ll = [LoglikelihoodRequest(f"Question: is the {w} red?\nAnswer:", c)
          for w in ("cat", "river", "moon", "house", "dog") for c in (" yes", " no", " maybe so", "")]
    answers, batches = record_reports(any_lm, "loglikelihood", ll)
    assert sorted(i for b in batches for i in b) == list(range(len(ll)))
    assert len(batches) >= 2  # per batch of 4 questions, not once per call
    rolling = [RollingRequest("the water of the river is blue " * n) for n in (1, 12, 30)]
    totals, batches = record_reports(any_lm, "loglikelihood_rolling", rolling)
    assert sorted(i for b in batches for i in b) == [0, 1, 2]
    gens = [GenerateRequest.make(f"Q{i}: the {w}\nA:", {"until": ["\n"], "max_gen_toks": 4})
            for i, w in enumerate(("cat", "river", "moon", "house", "dog"))]
    texts, batches = record_reports(any_lm, "generate_until", gens)
    assert [len(b) for b in batches] == [4, 1]  # batch_size=4
