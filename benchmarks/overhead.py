"""Framework overhead: both tools with a zero-cost model, so only the framework is timed.

    python benchmarks/overhead.py [--docs 5000] [--choices 4] [--scaling 1 10 100 1000]
                                  [--repeats 3] [--scaling-repeats 1] [--no-reference]

Each tool's ``dummy`` model answers every request at once without computing anything (lm-eval
0.4.13's ``dummy``: random numbers; lmeval's ``dummy``: the core's reference LM, answers from a
hash of the request). Two measurements, both with ``--log_samples`` and an output path, as a
real run:

* **requests**: one multiple-choice task of ``--docs`` documents and ``--choices`` choices each
  (20,000 loglikelihood requests by default), local JSONL data;
* **scaling**: ``run`` over 1, 10, 100, 1,000 small tasks (5 documents, 2 choices each), asked for
  through one tag, to show the cost per task.

Per row: wall clock of the whole command, its CPU time (user + system: less sensitive than the
wall clock to other work on a shared machine) and its peak resident memory (``ru_maxrss`` of the
child from ``wait4``, the process tree's largest), min and median over the repeats, the tools
alternated so both see the same load. Written to benchmarks/results/overhead.json.
lm-eval runs from its own venv (benchmarks/reference_env.py).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
RESULTS = HERE / "results" / "overhead.json"

TASK = """task: {name}
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: multiple_choice
doc_to_text: "Question: {{{{question}}}}\\nAnswer:"
doc_to_choice: "{{{{choices}}}}"
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""


def write_requests_task(root: Path, docs: int, choices: int) -> str:
    """One task with ``docs`` documents of ``choices`` choices; returns its name."""
    root.mkdir(parents=True, exist_ok=True)
    data = root / "overhead_docs.jsonl"
    with data.open("w") as f:
        for i in range(docs):
            f.write(json.dumps({"question": f"What is item {i} of the list, counted twice?",
                                "choices": [f"answer {i}-{c}" for c in range(choices)],
                                "answer": i % choices}) + "\n")
    (root / "overhead_requests.yaml").write_text(TASK.format(name="overhead_requests", data=data))
    return "overhead_requests"


def write_scaling_tasks(root: Path, counts: list[int]) -> dict[int, str]:
    """max(counts) small tasks; task i carries tag ``overhead_scale_K`` for every K > i."""
    root.mkdir(parents=True, exist_ok=True)
    data = root / "small.jsonl"
    data.write_text("".join(json.dumps({"question": f"q{i}", "choices": ["yes", "no"],
                                        "answer": i % 2}) + "\n" for i in range(5)))
    for i in range(max(counts)):
        tags = [f"overhead_scale_{k}" for k in counts if i < k]
        body = TASK.format(name=f"overhead_small_{i:04d}", data=data)
        (root / f"overhead_small_{i:04d}.yaml").write_text(body + f"tag: [{', '.join(tags)}]\n")
    return {k: f"overhead_scale_{k}" for k in counts}


def run_measured(cmd: list[str], env: dict, log: Path,
                 timeout: float) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of ``cmd``; exits with
    the log's tail on failure."""
    start = time.perf_counter()
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                raise SystemExit(f"{' '.join(cmd[:3])} ran past {timeout} s")
            time.sleep(0.01)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code != 0:
        raise SystemExit(f"{' '.join(cmd[:3])} failed (exit {code}):\n"
                         + log.read_text(errors="replace")[-3000:])
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux: KiB


def command(tool: str, ref_python: Path | None, tasks_dir: Path, task: str, out: Path) -> list[str]:
    head = ([str(ref_python.parent / "lm-eval"), "run"] if tool == "lm-eval"
            else [sys.executable, "-m", "lmeval", "run"])
    return [*head, "--model", "dummy", "--include_path", str(tasks_dir), "--tasks", task,
            "--output_path", str(out), "--log_samples"]


def tool_env(work: Path) -> dict[str, str]:
    return {**os.environ, "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1", "HF_HOME": str(work / "hf-home"),
            "HF_DATASETS_CACHE": str(work / "hf-home" / "datasets"),
            "LMEVAL_CACHE_DIR": str(work / "lmeval-cache"), "TQDM_DISABLE": "1",
            "OMP_NUM_THREADS": "1", "TOKENIZERS_PARALLELISM": "false"}


def measure(label: str, tools: list[str], ref_python: Path | None, tasks_dir: Path, task: str,
            work: Path, env: dict, repeats: int, timeout: float) -> dict:
    runs: dict[str, list[tuple[float, float, float]]] = {t: [] for t in tools}
    for rep in range(repeats):
        for tool in tools:
            out = work / "runs" / label / f"{tool}-{rep}"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir(parents=True)
            cmd = command(tool, ref_python, tasks_dir, task, out / "results")
            runs[tool].append(run_measured(cmd, env, out / "log.txt", timeout))
            wall, cpu, mib = runs[tool][-1]
            print(f"  {label} {tool} run {rep + 1}: {wall:.2f} s, CPU {cpu:.2f} s, {mib:.0f} MiB",
                  file=sys.stderr, flush=True)
    row: dict = {"row": label}
    for tool in tools:
        key = tool.replace("-", "_")
        secs, cpu, mib = ([r[i] for r in runs[tool]] for i in range(3))
        row |= {f"{key}_s_min": min(secs), f"{key}_s_median": statistics.median(secs),
                f"{key}_cpu_s_min": min(cpu), f"{key}_peak_mib_max": max(mib),
                f"{key}_runs": [{"wall_s": w, "cpu_s": c, "peak_mib": m} for w, c, m in runs[tool]]}
    if "lm-eval" in tools:
        row["speedup"] = row["lm_eval_s_min"] / row["lmeval_s_min"]
        row["cpu_speedup"] = row["lm_eval_cpu_s_min"] / row["lmeval_cpu_s_min"]
        row["memory_ratio"] = row["lm_eval_peak_mib_max"] / row["lmeval_peak_mib_max"]
    return row


def fmt(rows: list[dict]) -> str:
    lines = ["| row | requests | lm-eval s (min / med) | lm-eval CPU s | lm-eval peak MiB "
             "| lmeval s (min / med) | lmeval CPU s | lmeval peak MiB | speed-up (wall / CPU) "
             "| memory ratio |", "|" + "---|" * 10]
    for r in rows:
        ref = (f"{r['lm_eval_s_min']:.2f} / {r['lm_eval_s_median']:.2f} | "
               f"{r['lm_eval_cpu_s_min']:.2f} | {r['lm_eval_peak_mib_max']:.0f}"
               if "lm_eval_s_min" in r else "– | – | –")
        lines.append(f"| {r['row']} | {r['requests']:,} | {ref} | {r['lmeval_s_min']:.2f} / "
                     f"{r['lmeval_s_median']:.2f} | {r['lmeval_cpu_s_min']:.2f} | "
                     f"{r['lmeval_peak_mib_max']:.0f} | "
                     + (f"×{r['speedup']:.1f} / ×{r['cpu_speedup']:.1f} | "
                        f"×{r['memory_ratio']:.1f} |" if "speedup" in r else "– | – |"))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=int, default=5000, help="0: no requests row")
    ap.add_argument("--choices", type=int, default=4)
    ap.add_argument("--scaling", type=int, nargs="*", default=[1, 10, 100, 1000],
                    help="task counts of the scaling rows (none: skip them)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scaling-repeats", type=int, default=1,
                    help="repeats of the scaling rows (lm-eval takes minutes at 1,000 tasks)")
    ap.add_argument("--no-reference", action="store_true", help="lmeval only")
    ap.add_argument("--reference-max-tasks", type=int, default=None,
                    help="scaling rows with more tasks run lmeval only (lm-eval's 1,000-task run "
                         "takes many minutes on a loaded machine)")
    ap.add_argument("--timeout", type=float, default=3600)
    ap.add_argument("--output", type=Path, default=RESULTS)
    args = ap.parse_args()
    ref_python = None
    tools = ["lmeval"]
    if not args.no_reference:
        from reference_env import reference_python

        ref_python = reference_python()
        tools = ["lm-eval", "lmeval"]
    work = Path(tempfile.mkdtemp(prefix="lmeval-overhead-"))
    env = tool_env(work)
    rows = []
    try:
        if args.docs > 0:
            task = write_requests_task(work / "tasks-requests", args.docs, args.choices)
            row = measure("requests", tools, ref_python, work / "tasks-requests", task, work,
                          env, args.repeats, args.timeout)
            row["requests"] = args.docs * args.choices
            rows.append(row)
            print(fmt([row]).splitlines()[-1], flush=True)
        if args.scaling:
            tags = write_scaling_tasks(work / "tasks-scaling", sorted(args.scaling))
            for k, tag in tags.items():
                cap = args.reference_max_tasks
                which = tools if cap is None or k <= cap else ["lmeval"]
                row = measure(f"{k} tasks", which, ref_python, work / "tasks-scaling", tag, work,
                              env, args.scaling_repeats, args.timeout)
                row["requests"], row["tasks"] = k * 5 * 2, k
                rows.append(row)
                print(fmt([row]).splitlines()[-1], flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    data = {"what": "framework overhead: each tool's dummy model (benchmarks/overhead.py)",
            "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                        "loadavg_1min_end": round(os.getloadavg()[0], 2)},
            "settings": {"docs": args.docs, "choices": args.choices, "repeats": args.repeats,
                         "scaling_repeats": args.scaling_repeats,
                         "timing": "wall clock of the whole CLI command with --log_samples; "
                                   "peak memory: ru_maxrss of the command (wait4), MiB"},
            "rows": rows}
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=2) + "\n")
    print()
    print(fmt(rows))
    print(f"written: {args.output}")


if __name__ == "__main__":
    main()
