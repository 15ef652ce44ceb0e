"""Peak memory against run size: both tools, one multiple-choice task through each ``dummy`` model.

    python benchmarks/memory_curve.py --curve 10000 100000 1000000 [--choices 4] [--repeats 2]
                                      [--reference-max 100000] [--no-reference]

Each size is a number of loglikelihood requests (documents × ``--choices``), run as
``benchmarks/overhead.py`` runs its requests row (``--log_samples --output_path``, local JSONL
data, each tool's ``dummy``). Per size and tool: wall clock, CPU time (user + system), peak RSS of
the command (``ru_maxrss`` from ``wait4``, MiB), KiB per request (peak ÷ requests) and the 1-minute
load average (``os.getloadavg()``) when the run started; the tools alternate within each repeat.
Written to benchmarks/results/memory_curve.json. lm-eval runs from its own venv
(benchmarks/reference_env.py); sizes above ``--reference-max`` run lmeval only.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from overhead import command, run_measured, tool_env, write_requests_task  # noqa: E402

RESULTS = HERE / "results" / "memory_curve.json"


def measure_size(requests: int, choices: int, tools: list[str], ref_python: Path | None,
                 work: Path, repeats: int, timeout: float) -> list[dict]:
    """Every run of one size: one row per tool and repeat."""
    docs = max(1, requests // choices)
    tasks = work / f"tasks-{requests}"
    task = write_requests_task(tasks, docs, choices)
    env = tool_env(work)
    rows = []
    for rep in range(repeats):
        for tool in tools:
            out = work / "runs" / f"{requests}-{tool}-{rep}"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            load = os.getloadavg()[0]
            wall, cpu, mib = run_measured(command(tool, ref_python, tasks, task, out / "results"),
                                          env, out / "log.txt", timeout)
            row = {"tool": tool, "requests": docs * choices, "repeat": rep + 1, "wall_s": round(wall, 2),
                   "cpu_s": round(cpu, 2), "peak_mib": round(mib, 1),
                   "kib_per_request": round(mib * 1024 / (docs * choices), 3),
                   "loadavg_1min": round(load, 2)}
            rows.append(row)
            print(fmt([row]).splitlines()[-1], flush=True)
            shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(tasks, ignore_errors=True)
    return rows


def fmt(rows: list[dict]) -> str:
    lines = ["| tool | requests | run | load (1 min) | wall s | CPU s | peak MiB | KiB / request |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['tool']} | {r['requests']:,} | {r['repeat']} | {r['loadavg_1min']:.1f} | "
              f"{r['wall_s']:.1f} | {r['cpu_s']:.1f} | {r['peak_mib']:.0f} | "
              f"{r['kib_per_request']:.2f} |" for r in rows]
    return "\n".join(lines)


def slope(rows: list[dict], tool: str) -> float | None:
    """KiB per extra request between the smallest and the largest size (least peak per size)."""
    best: dict[int, float] = {}
    for r in rows:
        if r["tool"] == tool:
            best[r["requests"]] = min(best.get(r["requests"], r["peak_mib"]), r["peak_mib"])
    if len(best) < 2:
        return None
    lo, hi = min(best), max(best)
    return (best[hi] - best[lo]) * 1024 / (hi - lo)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--curve", type=int, nargs="+", default=[10_000, 100_000, 1_000_000],
                    help="run sizes, in loglikelihood requests")
    ap.add_argument("--choices", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--no-reference", action="store_true", help="lmeval only")
    ap.add_argument("--reference-only", action="store_true", help="lm-eval only")
    ap.add_argument("--reference-max", type=int, default=None,
                    help="sizes above this run lmeval only (lm-eval takes long at 1M requests)")
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--output", type=Path, default=RESULTS)
    args = ap.parse_args()
    ref_python = None
    if not args.no_reference:
        from reference_env import reference_python

        ref_python = reference_python()
    work = Path(tempfile.mkdtemp(prefix="lmeval-memory-"))
    rows: list[dict] = []
    try:
        for size in args.curve:
            with_ref = ref_python is not None and (args.reference_max is None
                                                   or size <= args.reference_max)
            tools = ["lm-eval", "lmeval"] if with_ref else ["lmeval"]
            if args.reference_only:
                tools = ["lm-eval"] if with_ref else []
            rows += measure_size(size, args.choices, tools, ref_python, work, args.repeats,
                                 args.timeout)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    slopes = {t: slope(rows, t) for t in ("lmeval", "lm-eval")}
    data = {"what": "peak memory against run size, each tool's dummy model "
                    "(benchmarks/memory_curve.py)",
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform()},
            "settings": {"curve": args.curve, "choices": args.choices, "repeats": args.repeats,
                         "command": "run --model dummy --tasks <one multiple-choice task> "
                                    "--log_samples --output_path <dir>"},
            "kib_per_extra_request": {t: None if s is None else round(s, 3) for t, s in slopes.items()},
            "rows": rows}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=2) + "\n")
    print()
    print(fmt(rows))
    for tool, s in slopes.items():
        if s is not None:
            print(f"{tool}: {s:.3f} KiB per extra request")
    print(f"written: {args.output}")


if __name__ == "__main__":
    main()
