"""Stop ``lmeval run`` at random moments and check what a user would find.

    .venv/bin/python tests/resume_task/kill_stress.py [--runs 30] [--seed 2] [--work DIR]

Each run evaluates this folder's two tasks (480 multiple-choice and 120 generation requests) on
the ``dummy`` model (2 ms per request) with ``--use_cache`` and ``--log_samples``, and gets SIGTERM
or SIGINT after a random delay between 0.3 s and the length of an uninterrupted run. Checked: no
traceback; exit status 130 or 143, or 0 when it had finished (killed by the signal, -2 or -15,
when the signal came during the interpreter's exit after the results were written); every JSON and JSONL file it left parses;
no temporary file is left; the interrupt line's ``N answers are kept`` and ``(M computed by this
run)`` equal what the cache file holds; and the same command then resumes to results identical
to an uninterrupted run's. Prints one line per run and the problems found (exit 1 if any).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _cmd(cache: Path, out: Path, delay: float) -> list[str]:
    return [sys.executable, "-m", "lmeval", "run", "--model", "dummy",
            "--model_args", f"delay={delay},chunk_size=20", "--tasks", "resume_mc,resume_gen",
            "--include_path", str(HERE), "--use_cache", str(cache), "--output_path", str(out),
            "--log_samples"]


def _results(out: Path) -> str:
    (file,) = sorted(out.rglob("results_*.json"))
    return json.dumps(json.loads(file.read_text())["results"], sort_keys=True)


def _held(cache: Path) -> int:
    try:
        with sqlite3.connect(cache / "responses.sqlite") as conn:
            return conn.execute("SELECT COUNT(*) FROM responses").fetchone()[0]
    except sqlite3.Error:
        return 0


def _files_ok(out: Path) -> list[str]:
    bad = []
    for path in out.rglob("*") if out.exists() else []:
        if not path.is_file():
            continue
        if ".tmp" in path.name or path.name.startswith("."):
            bad.append(f"temporary file left: {path}")
        elif path.suffix == ".json":
            try:
                json.loads(path.read_text())
            except ValueError as exc:
                bad.append(f"{path}: {exc}")
        elif path.suffix == ".jsonl":
            for n, line in enumerate(path.read_text().splitlines(), 1):
                try:
                    json.loads(line)
                except ValueError as exc:
                    bad.append(f"{path}:{n}: {exc}")
                    break
    return bad


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args()
    base = args.work or Path(tempfile.mkdtemp(prefix="lmeval-kill-stress-"))
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(base / "index")}
    start = time.monotonic()
    subprocess.run(_cmd(base / "ref-cache", base / "ref", 0.002), check=True, env=env, capture_output=True)
    full = time.monotonic() - start
    reference = _results(base / "ref")
    rng = random.Random(args.seed)
    problems: list[str] = []
    for run in range(args.runs):
        cache, out = base / f"cache{run}", base / f"out{run}"
        proc = subprocess.Popen(_cmd(cache, out, 0.002), env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        time.sleep(rng.uniform(0.3, full))
        sig = rng.choice([signal.SIGTERM, signal.SIGINT])
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=300)
        where = f"run {run} ({signal.Signals(sig).name}, exit {proc.returncode})"
        if "Traceback" in err:
            problems.append(f"{where}: traceback: {err[-600:]}")
        finished = "results written to" in err  # a signal after that only cuts the exit short
        if proc.returncode not in (0, 130, 143) and not (finished and proc.returncode in (-2, -15)):
            problems.append(f"{where}: exit status; stderr ends {err[-300:]!r}")
        problems += [f"{where}: {p}" for p in _files_ok(out)]
        line = next((ln for ln in err.splitlines() if "interrupted by" in ln), "")
        counted = re.search(r"; (\d+) answers are kept in .* \((\d+) computed by this run\)", line)
        if counted and {int(counted.group(1)), int(counted.group(2))} != {_held(cache)}:
            problems.append(f"{where}: the line says {counted.groups()}, the cache holds {_held(cache)}")
        resumed = subprocess.run(_cmd(cache, base / f"resumed{run}", 0.0), env=env,
                                 capture_output=True, text=True)
        if resumed.returncode != 0:
            problems.append(f"{where}: resuming failed: {resumed.stderr[-300:]}")
        elif _results(base / f"resumed{run}") != reference:
            problems.append(f"{where}: resumed results differ from an uninterrupted run's")
        print(where, (line or err.strip().splitlines()[-1] if err.strip() else "")[:120], flush=True)
    print(f"{args.runs} runs (uninterrupted: {full:.2f} s) in {base}; problems: {len(problems)}")
    for problem in problems:
        print(" ", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
