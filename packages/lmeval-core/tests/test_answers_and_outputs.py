"""Nothing finished is lost: answers reported per batch are committed before the call returns,
the progress lines, a corrupt response cache, and the writing of a finished run's files."""

from __future__ import annotations

import io
import json
import logging
import sqlite3

import pytest
from kernel_tasks import write_tasks
from lmeval import evaluate
from lmeval.errors import UsageError
from lmeval.outputs.results import check_writable, fallback_dir, save_results, write_atomic
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest
from lmeval.run.cache import ResponseCache
from lmeval.run.progress import Progress
from lmeval.run.scheduler import Scheduler
from lmeval.testing import ReferenceLM, record_reports


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


def _requests(n: int) -> list[LoglikelihoodRequest]:
    return [LoglikelihoodRequest(f"context {i}", f" choice {j}") for i in range(n) for j in range(2)]


class BatchLM(ReferenceLM):
    """Scores in batches of 3, reporting each; ``check`` runs after every report."""

    def __init__(self, check=None, tamper=False, bad_index=False):
        super().__init__()
        self.check, self.tamper, self.bad_index = check, tamper, bad_index

    def loglikelihood(self, requests):
        answers = ReferenceLM().loglikelihood(requests)
        for lo in range(0, len(requests), 3):
            batch = {i: answers[i] for i in range(lo, min(lo + 3, len(requests)))}
            if self.tamper:
                batch = {i: (a[0] + 1.0, a[1]) for i, a in batch.items()}
            if self.bad_index:
                batch = {len(requests): answers[0]}
            self.report_answers(batch)
            if self.check:
                self.check(max(batch) + 1)
        return answers


# -- answers reach the cache as batches finish -------------------------------------------------

def test_each_reported_batch_is_committed_before_the_call_returns(tmp_path):
    seen = []
    cache = ResponseCache(tmp_path / "c", {"backend": "batch"})
    # another connection, as a killed process's successor would open it
    other = sqlite3.connect(cache.path)

    def check(done):
        seen.append((done, other.execute("SELECT COUNT(*) FROM responses").fetchone()[0]))

    lm = BatchLM(check)
    reqs = _requests(5)
    answers = Scheduler(lm, cache, progress=False).run([(r, 0) for r in reqs])
    assert seen == [(3, 3), (6, 6), (9, 9), (10, 10)]
    assert answers == ReferenceLM().loglikelihood(reqs)
    assert len(cache) == 10


def test_a_backend_that_never_reports_is_cached_when_its_call_returns(tmp_path):
    cache = ResponseCache(tmp_path / "c", {"backend": "plain"})

    class Silent(ReferenceLM):
        def loglikelihood(self, requests):
            return [(-1.0 * len(r.continuation), False) for r in requests]

    Scheduler(Silent(), cache, progress=False).run([(r, 0) for r in _requests(4)])
    assert len(cache) == 8


def test_a_reported_answer_that_differs_from_the_returned_one_is_corrected(tmp_path, caplog):
    cache = ResponseCache(tmp_path / "c", {"backend": "tamper"})
    reqs = _requests(2)
    with caplog.at_level(logging.WARNING, logger="lmeval"):
        answers = Scheduler(BatchLM(tamper=True), cache, progress=False).run([(r, 0) for r in reqs])
    assert "differs from the one it returned" in caplog.text
    fresh = ResponseCache(tmp_path / "c", {"backend": "tamper"})
    reran = Scheduler(ReferenceLM(), fresh, progress=False).run([(r, 0) for r in reqs])
    assert reran == answers  # the cache holds what the method returned


def test_a_report_out_of_range_is_an_error():
    with pytest.raises(IndexError, match="reported an answer for request 4 of a call with 4"):
        Scheduler(BatchLM(bad_index=True), progress=False).run([(r, 0) for r in _requests(2)])


def test_record_reports_checks_the_reference_lm():
    gens = [GenerateRequest.make(f"q{i}", {"until": ["\n"]}) for i in range(3)]
    answers, batches = record_reports(ReferenceLM(), "generate_until", gens)
    assert batches == [{0: answers[0]}, {1: answers[1]}, {2: answers[2]}]
    with pytest.raises(AssertionError, match="reported"):
        record_reports(BatchLM(tamper=True), "loglikelihood", _requests(2))


# -- what the user sees ----------------------------------------------------------------------

def test_progress_off_a_terminal_is_plain_lines_at_an_interval():
    out = io.StringIO()
    progress = Progress("loglikelihood", 10, tty=False, interval=3600, stream=out)
    for _ in range(10):
        progress.update(1)
    lines = out.getvalue().splitlines()
    assert len(lines) == 1 and "\r" not in out.getvalue()  # only the final line: interval not reached
    assert lines[0].startswith("lmeval: loglikelihood: 10/10 (100%), ") and "done in" in lines[0]
    out = io.StringIO()
    progress = Progress("generate_until", 4, tty=False, interval=0, stream=out)
    for _ in range(4):
        progress.update(1)
    lines = out.getvalue().splitlines()
    assert [line.split(":")[2].split()[0] for line in lines] == ["1/4", "2/4", "3/4", "4/4"]
    assert "ETA" in lines[0] and "req/s" in lines[0]


def test_start_line_says_what_comes_from_the_cache(tmp_path, capsys):
    tasks = write_tasks(tmp_path / "tasks", n_docs=5)
    run = dict(include_path=str(tasks), use_cache=str(tmp_path / "c"), bootstrap_iters=0)
    evaluate("dummy", None, ["k_mc"], limit=3, **run)
    assert "lmeval: 12 distinct requests: 0 from the cache, 12 to compute (loglikelihood 12)" \
        in capsys.readouterr().err
    evaluate("dummy", None, ["k_mc", "k_gen"], **run)
    assert ("lmeval: 25 distinct requests: 12 from the cache, 13 to compute "
            "(loglikelihood 8, generate_until 5)") in capsys.readouterr().err


# -- a corrupt response cache ----------------------------------------------------------------

@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_corrupt_cache_is_moved_aside_and_recomputed(tmp_path, capsys, damage):
    tasks = write_tasks(tmp_path / "tasks", n_docs=40)
    cache = tmp_path / "c"
    run = dict(include_path=str(tasks), use_cache=str(cache), bootstrap_iters=0)
    first = evaluate("dummy", None, ["k_mc"], **run)
    db = cache / "responses.sqlite"
    data = db.read_bytes()
    for extra in ("responses.sqlite-wal", "responses.sqlite-shm"):
        (cache / extra).unlink(missing_ok=True)
    db.write_bytes(b"not a database " * 100 if damage == "garbage" else data[:len(data) // 2])
    capsys.readouterr()
    again = evaluate("dummy", None, ["k_mc"], **run)
    err = capsys.readouterr().err
    assert f"the response cache {db} is unreadable" in err and "computed again" in err
    assert "Traceback" not in err
    assert json.dumps(again["results"], sort_keys=True) == json.dumps(first["results"], sort_keys=True)
    assert len(list(cache.glob("responses.sqlite.corrupt-*"))) == 1
    third = evaluate("dummy", None, ["k_mc"], **run)  # the fresh cache serves the next run
    assert third["scheduler"]["loglikelihood"]["computed"] == 0


# -- writing a finished run ------------------------------------------------------------------

def test_unwritable_paths_are_usage_errors_and_nothing_is_created(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    for path, flag, suffixes in [(blocker / "out", "--output_path", (".json",)),
                                 (blocker / "r.json", "--output_path", (".json",)),
                                 (blocker / "deep" / "cache", "--use_cache", (".sqlite",))]:
        with pytest.raises(UsageError, match=f"^{flag}: cannot write to .*is not a directory"):
            check_writable(path, flag, file_suffixes=suffixes)
    (tmp_path / "adir.json").mkdir()
    with pytest.raises(UsageError, match="is a directory, expected a .json file"):
        check_writable(tmp_path / "adir.json", "--output_path", file_suffixes=(".json",))
    check_writable(tmp_path / "new" / "deeper", "--output_path")
    check_writable(tmp_path / "new2" / "r.json", "--output_path", file_suffixes=(".json",))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "adir.json"]


def test_cli_refuses_an_unwritable_output_path_before_loading_the_model(tmp_path):
    import os
    import subprocess
    import sys

    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    tasks = write_tasks(tmp_path / "tasks", n_docs=3)
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "dummy", "--tasks",
                           "k_mc", "--include_path", str(tasks), "--output_path", str(blocker / "out")],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path)})
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines()[-1] == (
        f"lmeval: error: --output_path: cannot write to {blocker / 'out'}: {blocker} is not a directory")
    assert proc.stdout == ""  # no model call, no table


def test_write_atomic_leaves_the_old_file_or_none(tmp_path):
    target = tmp_path / "r.json"

    def pieces():
        yield "{"
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError):
        write_atomic(target, pieces())
    assert list(tmp_path.iterdir()) == []
    write_atomic(target, "old")
    with pytest.raises(OSError):
        write_atomic(target, pieces())
    assert target.read_text() == "old" and list(tmp_path.iterdir()) == [target]


def _finished_run(tmp_path):
    tasks = write_tasks(tmp_path / "tasks", n_docs=4)
    results = evaluate("dummy", None, ["k_mc"], include_path=str(tasks), bootstrap_iters=0,
                       log_samples=True)
    results["config"]["num_fewshot"] = None
    return results


def test_a_crash_while_writing_samples_leaves_no_results_file(tmp_path, monkeypatch):
    results = _finished_run(tmp_path)
    import lmeval.outputs.samplefile

    def broken(entry):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(lmeval.outputs.samplefile, "dumps", broken)
    out = tmp_path / "out"
    with pytest.raises(OSError):
        from lmeval.outputs.results import write_results

        write_results(results, out)
    assert [p for p in out.rglob("*") if p.is_file()] == []


def test_results_go_to_the_fallback_when_the_output_path_fails(tmp_path, capsys):
    results = _finished_run(tmp_path)
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    assert save_results(results, blocker / "out") == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith(f"lmeval: error: cannot write the results to {blocker / 'out'} (")
    written = sorted(p.name.split("_")[0] for p in fallback_dir().rglob("*.json*"))
    assert written == ["results", "samples"]
    assert f"written to {fallback_dir()}" in err
    (saved,) = fallback_dir().rglob("results_*.json")
    assert json.loads(saved.read_text())["results"] == json.loads(json.dumps(results["results"]))


def test_a_cache_that_cannot_be_written_costs_resumability_not_the_run(tmp_path, capsys):
    class FullDisk(ResponseCache):
        def put_many(self, items):
            raise sqlite3.OperationalError("database or disk is full")

    cache = FullDisk(tmp_path / "c", {"backend": "full"})
    reqs = _requests(4)
    answers = Scheduler(BatchLM(), cache, progress=False).run([(r, 0) for r in reqs])
    assert answers == ReferenceLM().loglikelihood(reqs)
    err = capsys.readouterr().err
    assert err.count("cannot write to the response cache") == 1
    assert "(database or disk is full); the run goes on without it and cannot be resumed" in err
