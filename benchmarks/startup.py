"""Startup: `lmeval ls tasks` over 15,000 generated task YAMLs, cold and warm, against
`lm-eval ls tasks` over the same directory. Goal: warm <= 0.15 s and >= 50x faster than lm-eval.

    python benchmarks/startup.py [--n 15000] [--runs 5] [--no-reference]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

TEMPLATE = """dataset_path: json
dataset_kwargs:
  data_files:
    test: data.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Q: {{question}}\\nA:"
doc_to_choice: "{{choices}}"
doc_to_target: answer
metric_list:
  - metric: acc
metadata:
  version: 1.0
"""


def generate(root: Path, n: int) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "_template_yaml").write_text(TEMPLATE)
    (root / "data.jsonl").write_text('{"question": "q", "choices": ["a", "b"], "answer": 0}\n')
    per_dir = 500
    for i in range(n):
        sub = root / f"family_{i // per_dir:03d}"
        if i % per_dir == 0:
            sub.mkdir(exist_ok=True)
            (sub / "_template_yaml").write_text(TEMPLATE.replace("data.jsonl", "../data.jsonl"))
        (sub / f"task_{i:05d}.yaml").write_text(
            f"include: _template_yaml\ntask: synthetic_task_{i:05d}\ntag: synthetic_family_{i // per_dir:03d}\n")


def timed(cmd: list[str], env: dict) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd[:4])} failed: {proc.stderr[-2000:]}")
    return elapsed, proc.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=15000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-reference", action="store_true")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="lmeval-startup-"))
    tasks, cache = tmp / "tasks", tmp / "cache"
    generate(tasks, args.n)
    # As a user runs it: bytecode caches on (both tools), entry-point plugins off so that both
    # list the same 15,000 tasks; a second warm figure lists every installed task pack too.
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(cache), "LMEVAL_DISABLE_AUTOLOAD": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    lmeval = [sys.executable, "-m", "lmeval", "ls", "tasks", "--include_path", str(tasks)]
    cold, out = timed(lmeval, env)
    listed = sum(1 for line in out.splitlines() if line.startswith("synthetic_task_"))
    assert listed == args.n, f"listed {listed} tasks, expected {args.n}"
    warm = [timed(lmeval, env)[0] for _ in range(args.runs)]
    packs_env = {**env, "LMEVAL_DISABLE_AUTOLOAD": "0"}
    timed(lmeval, packs_env)  # cold for the packs' directories
    packs = [timed(lmeval, packs_env) for _ in range(args.runs)]
    row = {"tasks": args.n, "lmeval_cold_s": round(cold, 3), "lmeval_warm_s": round(min(warm), 3),
           "lmeval_warm_median_s": round(statistics.median(warm), 3),
           "lmeval_warm_with_packs_s": round(min(t for t, _ in packs), 3),
           "tasks_with_packs": sum(1 for line in packs[0][1].splitlines()[1:] if line.strip())}
    if not args.no_reference:
        from reference_env import reference_python

        ref = reference_python()
        ref_cmd = [str(ref.parent / "lm-eval"), "ls", "tasks", "--include_path", str(tasks)]
        ref_times = [timed(ref_cmd, env)[0] for _ in range(max(1, args.runs - 1))]
        row["lm_eval_s"] = round(min(ref_times), 3)
        row["speedup_warm"] = round(min(ref_times) / min(warm), 1)
        row["speedup_cold"] = round(min(ref_times) / cold, 1)
    print(json.dumps(row, indent=2))
    out_dir = HERE / "results"
    out_dir.mkdir(exist_ok=True)
    (out_dir / "startup.json").write_text(json.dumps(row, indent=2) + "\n")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
