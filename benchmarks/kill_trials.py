"""Kill the quickstart run at several moments and count what the response cache kept.

    .venv/bin/python benchmarks/kill_trials.py [--at 6 10 15 20 25 30] [--signal KILL]

Each trial starts ``lmeval run --config examples/quickstart/run.yaml --use_cache DIR`` with a
fresh cache, sends the signal that many seconds after the start, and reads: the answers the hf
backend had computed and handed over (a probe plugin logs each ``report_answers`` batch before
and after the scheduler commits it), the answers in the cache, and the size of the last batch.
``lost`` = computed - cached: answers finished but not in the cache (at most the batch in flight).
Finally the last trial's cache is resumed and its results compared with an uninterrupted run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = '''
import os
from lmeval_hf.models import HFLM

_report = HFLM.report_answers


def report_answers(self, answers):
    with open(os.environ["PROBE_LOG"], "a") as fh:
        fh.write(f"computed {len(answers)}\\n")
    _report(self, answers)
    with open(os.environ["PROBE_LOG"], "a") as fh:
        fh.write(f"committed {len(answers)}\\n")


HFLM.report_answers = report_answers
'''


def _log(path: Path) -> tuple[int, int, int]:
    computed = committed = last = 0
    if path.exists():
        for line in path.read_text().splitlines():
            what, _, n = line.partition(" ")
            if what == "computed":
                computed, last = computed + int(n), int(n)
            elif what == "committed":
                committed += int(n)
    return computed, committed, last


def _cached(cache: Path) -> int:
    try:
        with sqlite3.connect(cache / "responses.sqlite") as conn:
            return int(conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0])
    except sqlite3.Error:
        return 0


def _results(out: Path) -> dict:
    (file,) = sorted(out.rglob("results_*.json"))
    return json.loads(file.read_text())["results"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", type=float, nargs="+", default=[6, 10, 15, 20, 25, 30])
    parser.add_argument("--signal", default="KILL", choices=["KILL", "TERM", "INT"])
    opts = parser.parse_args()
    sig = getattr(signal, f"SIG{opts.signal}")
    work = Path(tempfile.mkdtemp(prefix="lmeval-kill-"))
    probe = work / "probe.py"
    probe.write_text(PROBE)
    lmeval = str(ROOT / ".venv" / "bin" / "lmeval")
    base = [lmeval, "run", "--config", "examples/quickstart/run.yaml", "--plugins", str(probe)]
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(work / "idx")}
    print(f"command: {' '.join(base[1:3])} {base[3]} --use_cache DIR; kill -{opts.signal} at t s")
    print(f"{'t (s)':>6} {'computed':>8} {'cached':>7} {'lost':>5} {'last batch':>10}  exit")
    killed: Path | None = None
    for n, at in enumerate(opts.at):
        cache, log = work / f"cache{n}", work / f"probe{n}.log"
        proc = subprocess.Popen([*base, "--use_cache", str(cache)], cwd=ROOT, env={
            **env, "PROBE_LOG": str(log)}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        time.sleep(at)
        if proc.poll() is not None:
            print(f"{at:6.1f} the run had finished")
            continue
        proc.send_signal(sig)
        _, err = proc.communicate()
        killed = cache
        computed, _, last = _log(log)
        cached = _cached(cache)
        line = next((ln for ln in err.splitlines() if "interrupted" in ln), "")
        print(f"{at:6.1f} {computed:8d} {cached:7d} {computed - cached:5d} {last:10d}  "
              f"{proc.returncode}  {line[:90]}")
    clean = work / "clean"
    subprocess.run([*base, "--output_path", str(clean)], cwd=ROOT, env={
        **env, "PROBE_LOG": str(work / "clean.log")}, check=True, capture_output=True)
    if killed is None:
        print("no run was interrupted: pick earlier --at moments")
        return 1
    resumed = work / "resumed"
    last_cache = killed
    before = _cached(last_cache)
    subprocess.run([*base, "--use_cache", str(last_cache), "--output_path", str(resumed)],
                   cwd=ROOT, env={**env, "PROBE_LOG": str(work / "resume.log")}, check=True,
                   capture_output=True)
    same = _results(resumed) == _results(clean)
    print(f"resume of the last interrupted trial: {before} answers from the cache, "
          f"{_log(work / 'resume.log')[0]} computed; results equal an uninterrupted run: {same}")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
