"""Generation side by side with lm-eval 0.4.13, in alternating pairs (issue 33, "generation never
behind").

    python benchmarks/parity/generation_pairs.py [--pairs 5] [--rows gsm8k_3shot gsm8k_5shot]
                                                 [--threads N] [--batch_size 8] [--limit N]
                                                 [--with_default_spin]
    python benchmarks/parity/generation_pairs.py --table benchmarks/results/generation_pairs.json

Run it with the python of a venv that has lmeval-core and lmeval-hf installed; lm-eval runs from
its own venv (benchmarks/reference_env.py). The model is the parity benchmark's small random
Llama (``llama-h256-l4``) and the task its gsm8k-format YAML (``generate_until``, 48 new tokens,
regex filters), both built by fixtures.py under benchmarks/.work/parity: the YAML's own 3-shot
and a 5-shot variant (``--num_fewshot 5``). For each row, ``--pairs`` times: lm-eval's whole
command, then lmeval's (run.py's commands: same YAML through ``--include_path``, batch size,
thread count, offline environment, ``--log_samples``). Each run's wall and CPU time (user +
system of the command's process tree, ``wait4``) and the machine's 1-minute load average before
each pair are recorded, and every pair's sample files are compared document by document
(compare.py: request arguments, generations, filtered answers, per-sample metrics) and its
scores. Prints per tool the min / median / max of wall and CPU, and writes
benchmarks/results/generation_pairs.json. With the defaults it takes about 5 minutes on an idle
two-core machine. ``--with_default_spin`` adds a third run to each pair: lmeval with
``GOMP_SPINCOUNT=300000``, libgomp's own setting, which lmeval-hf replaces (lmeval_hf/openmp.py:
on a shared machine that spin count is what made generation intermittently slow).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import fixtures  # noqa: E402
import run as parity  # noqa: E402

MODEL = "llama-h256-l4"
RESULTS = HERE.parent / "results" / "generation_pairs.json"
#: row name -> the CLI's few-shot count (None: the YAML's own, 3)
ROWS = {"gsm8k_3shot": None, "gsm8k_5shot": 5}
TOOLS = ("lm-eval", "lmeval")
#: the third run of ``--with_default_spin``: lmeval with libgomp's own spin count (300,000), the
#: setting before lmeval-hf's ``openmp`` module (issue 33): how much of a row the spin count is
DEFAULT_SPIN = "lmeval-default-spin"


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def compare_pair(ref_out: Path, ours_out: Path) -> dict:
    """Documents whose request, generation, filtered answer or per-sample metric differ, and
    whether the scores are equal."""
    row, _, notes = parity.compare_row(ref_out, ours_out)
    return {"documents": row["n"], "prompts_differ": row["prompts_differ"],
            "generations_differ": row["predictions_differ"],
            "missing_samples": row["missing_samples"], "metrics_equal": row["metrics_equal"],
            "identical": (row["prompts_differ"] == row["predictions_differ"]
                          == row["missing_samples"] == 0 and row["metrics_equal"]),
            "notes": notes}


def run_row(name: str, shots: int | None, args: argparse.Namespace, ref_python: Path,
            model: Path, tasks: Path, env: dict) -> dict:
    cfg = {"tasks": ["parity_gsm8k"], "num_fewshot": shots}
    tools = (*TOOLS, DEFAULT_SPIN) if args.with_default_spin else TOOLS
    runs: dict[str, list[dict]] = {tool: [] for tool in tools}
    pairs = []
    for i in range(args.pairs):
        load = os.getloadavg()[0]
        outs = {}
        for tool in tools:  # lm-eval first, then lmeval: both see about the same load
            out = args.work / "runs" / MODEL / "generation_pairs" / name / f"{tool}-{i}"
            cmd = parity.tool_command(tool if tool in TOOLS else "lmeval", ref_python, model,
                                      tasks, cfg, args.limit, args.batch_size, out)
            run_env = {**env, "GOMP_SPINCOUNT": "300000"} if tool == DEFAULT_SPIN else env
            wall, cpu, mib = parity.run_measured(cmd, env=run_env, out=out,
                                                 timeout=args.timeout)
            runs[tool].append({"wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                               "peak_mib": round(mib, 1), "eval_s": parity.eval_seconds(out)})
            outs[tool] = out
        same = compare_pair(outs["lm-eval"], outs["lmeval"])
        if DEFAULT_SPIN in outs:
            same["default_spin_identical"] = compare_pair(outs["lm-eval"],
                                                          outs[DEFAULT_SPIN])["identical"]
        pairs.append({"pair": i, "loadavg_1min": round(load, 2),
                      "loadavg_1min_after": round(os.getloadavg()[0], 2), **same})
        r, o = runs["lm-eval"][-1], runs["lmeval"][-1]
        print(f"  {name} pair {i + 1}: load {load:.2f}; lm-eval {r['wall_s']:.1f} s "
              f"(CPU {r['cpu_s']:.1f}), lmeval {o['wall_s']:.1f} s (CPU {o['cpu_s']:.1f}); "
              + (f"lmeval at libgomp's default spin {runs[DEFAULT_SPIN][-1]['wall_s']:.1f} s "
                 f"(CPU {runs[DEFAULT_SPIN][-1]['cpu_s']:.1f}); " if DEFAULT_SPIN in runs else "")
              + f"outputs {'identical' if same['identical'] else 'DIFFER'}", file=sys.stderr,
              flush=True)
    row = {"row": name, "model": MODEL, "num_fewshot": shots if shots is not None else 3,
           "limit": args.limit, "documents": pairs[0]["documents"], "pairs": pairs,
           "runs": runs,
           "outputs_identical": all(p["identical"] for p in pairs)}
    for tool in tools:
        key = tool.replace("-", "_")
        row[f"{key}_wall_s"] = spread([r["wall_s"] for r in runs[tool]])
        row[f"{key}_cpu_s"] = spread([r["cpu_s"] for r in runs[tool]])
    # lmeval at or below lm-eval on min and median, wall and CPU: the goal
    row["goal_met"] = all(row[f"lmeval_{m}"][s] <= row[f"lm_eval_{m}"][s]
                          for m in ("wall_s", "cpu_s") for s in ("min", "median"))
    return row


def fmt_table(rows: list[dict]) -> str:
    lines = ["| row | docs | tool | wall s min / median / max | CPU s min / median / max | "
             "load per pair (1 min) | outputs identical |", "|" + "---|" * 7]
    for r in rows:
        loads = ", ".join(f"{p['loadavg_1min']:.1f}" for p in r["pairs"])
        same = f"{sum(p['identical'] for p in r['pairs'])}/{len(r['pairs'])} pairs"
        for tool in (t for t in (*TOOLS, DEFAULT_SPIN) if t.replace("-", "_") + "_wall_s" in r):
            key = tool.replace("-", "_")
            w, c = r[f"{key}_wall_s"], r[f"{key}_cpu_s"]
            lines.append(f"| {r['row']} | {r['documents']} | {tool} | {w['min']:.1f} / "
                         f"{w['median']:.1f} / {w['max']:.1f} | {c['min']:.1f} / "
                         f"{c['median']:.1f} / {c['max']:.1f} | "
                         + (f"{loads} | {same} |" if tool == "lm-eval" else " | |"))
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=5, help="alternating pairs per row (min 1)")
    ap.add_argument("--rows", nargs="+", default=list(ROWS), choices=list(ROWS))
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--batch_size", type=int, default=8)
    ap.add_argument("--limit", type=int, default=None, help="documents (default: all 60)")
    ap.add_argument("--with_default_spin", action="store_true",
                    help="a third run per pair: lmeval with GOMP_SPINCOUNT=300000, libgomp's "
                         "default (what lmeval-hf's openmp module replaces)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per tool run")
    ap.add_argument("--output", type=Path, default=RESULTS)
    ap.add_argument("--work", type=Path, default=parity.WORK,
                    help="models, fixtures and run folders (default: benchmarks/.work/parity)")
    ap.add_argument("--table", type=Path, metavar="RESULTS_JSON",
                    help="print the table of a results file and exit")
    args = ap.parse_args()
    if args.table:
        print(fmt_table(json.loads(args.table.read_text())["rows"]), end="")
        return
    args.pairs = max(1, args.pairs)
    try:
        import lmeval_hf  # noqa: F401
    except ImportError:
        raise SystemExit("run this with a python that has lmeval-core and lmeval-hf installed: "
                         "pip install -e packages/lmeval-core -e packages/lmeval-hf") from None
    from importlib.metadata import version

    from reference_env import reference_python

    ref_python = reference_python(transformers=version("transformers"))
    tasks = fixtures.write_tasks(args.work / "tasks")
    model = fixtures.build_model(args.work / "models", MODEL)
    env = parity.tool_env(args.work, str(args.threads))
    started = time.perf_counter()
    rows = [run_row(name, ROWS[name], args, ref_python, model, tasks, env) for name in args.rows]
    data = {
        "what": "gsm8k-format generation, lm-eval 0.4.13 then lmeval in alternating pairs "
                "(benchmarks/parity/generation_pairs.py)",
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "lmeval_side": parity.versions(sys.executable),
                    "lm_eval_side": parity.versions(str(ref_python))},
        "settings": {"model": MODEL, "dtype": "float32", "device": "cpu",
                     "batch_size": args.batch_size, "threads": args.threads,
                     "pairs": args.pairs, "limit": args.limit,
                     "timing": "wall clock and CPU time (user + system, wait4) of the whole CLI "
                               "command with --log_samples; loadavg_1min: the machine's 1-minute "
                               "load average before each pair"},
        "seconds": round(time.perf_counter() - started, 1),
        "rows": rows,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=2, default=str) + "\n")
    print()
    print(fmt_table(rows))
    for r in rows:
        print(f"{r['row']}: lmeval's min and median at or below lm-eval's (wall and CPU): "
              f"{'yes' if r['goal_met'] else 'no'}; outputs identical in every pair: "
              f"{'yes' if r['outputs_identical'] else 'NO'}")
    print(f"written: {args.output} ({data['seconds']:.0f} s)")


if __name__ == "__main__":
    main()
