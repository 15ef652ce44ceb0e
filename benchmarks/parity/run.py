"""Parity and speed against lm-eval 0.4.13: same models, data and task YAMLs, compared per sample.

    python benchmarks/parity/run.py [--models llama-h256-l4 llama-h768-l12] [--configs mmlu_5shot ...]
                                    [--limit N] [--repeats 2] [--batch_size 8] [--threads 2]

Run it with the python of a venv that has lmeval-core and lmeval-hf installed (editable is fine).
lm-eval runs from its own venv (benchmarks/reference_env.py builds or reuses it; set
LMEVAL_REFERENCE_VENV to an existing one): it is never a dependency of any lmeval package.

Steps: build the random Llamas (lmeval_testkit.hf, locally trained byte-level BPE, fixed seeds)
and the fixture datasets and task YAMLs (fixtures.py) under benchmarks/.work/parity; then for
every model and benchmark row, run ``lm-eval run`` and ``lmeval run`` on the same YAMLs
(``--include_path``) with ``--log_samples``, the same batch size and thread count, alternating
the two tools, ``--repeats`` times each; compare the first run's sample files document by
document (compare.py) and time every run (wall clock of the whole command: what a user waits).
The same commands with ``--limit 1`` give each tool's fixed cost (imports, task index, model and
dataset loading), so the table also shows the speed-up on the documents beyond the first (the
marginal speed-up, on wall and on CPU time). Each run's peak memory (``ru_maxrss``) is recorded,
and lmeval's loglikelihood token counts (tokens fed to the model against the prefix trie of all
inputs, the floor, and against lm-eval's plain path), logged by lmeval-hf at INFO. The last
column puts each tool's model loop against the machine's matmul floor (model_loop.py and
floor.py, run on the row's requests after the commands; ``--no_floor`` skips it).
Prints a table and writes benchmarks/results/parity.json (rows of other models already in that
file are kept).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(BENCH))

import compare  # noqa: E402
import fixtures  # noqa: E402

WORK = BENCH / ".work" / "parity"
RESULTS = BENCH / "results" / "parity.json"
DEFAULT_LIMIT = {"llama-h256-l4": None, "llama-h768-l12": 40, "llama-h256-l4-peaked": None,
                 "llama-h768-l12-peaked": 40}


def tool_command(tool: str, ref_python: Path, model: Path, tasks: Path, cfg: dict,
                 limit: int | None, batch_size: int, out: Path) -> list[str]:
    head = ([str(ref_python.parent / "lm-eval"), "run"] if tool == "lm-eval"
            else [sys.executable, "-m", "lmeval", "run"])
    model_args = f"pretrained={model},dtype=float32"
    if tool == "lmeval" and cfg.get("lmeval_model_args"):
        model_args += "," + cfg["lmeval_model_args"]
    cmd = [*head, "--model", "hf", "--model_args", model_args,
           "--device", "cpu", "--batch_size", str(batch_size), "--include_path", str(tasks),
           "--tasks", ",".join(cfg["tasks"]), "--output_path", str(out), "--log_samples"]
    if cfg["num_fewshot"] is not None:
        cmd += ["--num_fewshot", str(cfg["num_fewshot"])]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    return cmd


def tool_env(work: Path, threads: str) -> dict[str, str]:
    """The environment of every tool run: same threads, offline, caches under ``work``."""
    return {**os.environ, "OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads,
            "TOKENIZERS_PARALLELISM": "false", "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
            "TRANSFORMERS_OFFLINE": "1", "HF_HOME": str(work / "hf-home"),
            "HF_DATASETS_CACHE": str(work / "hf-home" / "datasets"),
            "LMEVAL_CACHE_DIR": str(work / "lmeval-cache"), "TQDM_DISABLE": "1"}


def run_once(cmd: list[str], env: dict, out: Path, timeout: float) -> float:
    """Wall seconds of ``cmd`` (output and log under ``out``)."""
    return run_measured(cmd, env, out, timeout)[0]


def run_measured(cmd: list[str], env: dict, out: Path,
                 timeout: float) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS in MiB (``ru_maxrss`` from
    ``wait4``: the largest process of the command's tree) of ``cmd``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    start = time.perf_counter()
    with (out / "log.txt").open("w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                proc.kill()
                proc.wait()
                raise subprocess.TimeoutExpired(cmd, timeout)
            time.sleep(0.02)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code != 0:
        tail = (out / "log.txt").read_text(errors="replace")[-3000:]
        raise SystemExit(f"{' '.join(cmd[:3])} failed (exit {code}):\n{tail}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


_TOKENS = re.compile(r"loglikelihood tokens: (\d+) requests, (\d+) rows, (\d+) forward passes; "
                     r"fed (\d+) \(plain path (\d+), padded (\d+)\), prefix trie (\d+)")


def token_counts(log: Path) -> dict | None:
    """lmeval-hf's loglikelihood token counts from a run's log (``--verbosity INFO``)."""
    m = _TOKENS.search(log.read_text(errors="replace")) if log.is_file() else None
    if not m:
        return None
    keys = ("requests", "rows", "forward_passes", "fed", "plain", "padded", "trie")
    c = dict(zip(keys, map(int, m.groups()), strict=True))
    c["fed_per_trie"] = c["fed"] / c["trie"]
    c["plain_per_trie"] = c["plain"] / c["trie"]
    return c


def eval_seconds(out: Path) -> float | None:
    try:
        results, _ = compare.run_files(out)
        return float(results["total_evaluation_time_seconds"])
    except (RuntimeError, KeyError, TypeError, ValueError):
        return None


def compare_row(ref_out: Path, ours_out: Path) -> tuple[dict, list[dict], list[str]]:
    ref, ref_samples = compare.run_files(ref_out)
    ours, ours_samples = compare.run_files(ours_out)
    tasks = sorted(set(ref.get("results", {})) | set(ours.get("results", {})))
    row = {"n": 0, "prompts_differ": 0, "predictions_differ": 0, "max_abs_dlogprob": 0.0,
           "max_rel_dlogprob": 0.0, "metrics_equal": True, "max_abs_dmetric": 0.0,
           "missing_samples": 0}
    details, notes = [], []
    # lm-eval's per-task hash over every sample's doc, prompt and target hashes
    hashes = (ref.get("task_hashes") or {}, ours.get("task_hashes") or {})
    row["task_hashes_differ"] = sum(1 for t in hashes[0] if hashes[0][t] != hashes[1].get(t))
    for task in tasks:
        equal, worst, why = compare.compare_scores(ref, ours, task)
        row["metrics_equal"] &= equal
        row["max_abs_dmetric"] = max(row["max_abs_dmetric"], worst)
        notes += why
        if task not in ref_samples and task not in ours_samples:
            continue  # a group: scores only
        otype = (ref.get("configs", {}).get(task) or {}).get("output_type")
        d = compare.compare_task(task, otype, ref_samples.get(task), ours_samples.get(task))
        d.metrics_equal, d.max_abs_dmetric = equal, worst
        details.append(d.as_dict())
        row["n"] += d.n
        row["prompts_differ"] += d.prompts_differ
        row["predictions_differ"] += d.predictions_differ
        row["missing_samples"] += d.missing_samples
        row["max_abs_dlogprob"] = max(row["max_abs_dlogprob"], d.max_abs_dlogprob)
        row["max_rel_dlogprob"] = max(row["max_rel_dlogprob"], d.max_rel_dlogprob)
    return row, details, notes


def token_check(ref_python: Path, model: Path, run: Path, env: dict) -> dict[str, dict]:
    """Encode every request of lm-eval's sample files with both tools' tokenization; compare."""
    ids = {}
    for tool, python in (("lm-eval", str(ref_python)), ("lmeval", sys.executable)):
        out = run / f"tokens-{tool}.json"
        subprocess.run([python, str(HERE / "tokens.py"), "--tool", tool, "--model", str(model),
                        "--run", str(run), "--out", str(out)], env=env, check=True)
        ids[tool] = json.loads(out.read_text())
    import tokens

    return tokens.compare_tokens(ids["lm-eval"], ids["lmeval"])


def floor_row(run: Path, model: Path, args: argparse.Namespace) -> dict | None:
    """Each tool's model loop against the machine's matmul floor (``model_loop.py``, which
    measures GEMM throughput in the same processes; see ``floor.py``), for the row's
    loglikelihood requests (or its only kind): the fields of model_loop's row, ``*_x_floor``."""
    out = run.parent / "model_loop.json"
    out.unlink(missing_ok=True)
    proc = subprocess.run([sys.executable, str(HERE / "model_loop.py"), "--run", str(run),
                           "--model", str(model), "--rounds", str(args.floor_rounds),
                           "--calls", "2", "--batch_size", str(args.batch_size),
                           "--threads", str(args.threads), "--output", str(out)],
                          capture_output=True, text=True)
    if proc.returncode != 0 or not out.is_file():
        print(f"  floor: model_loop.py failed:\n{proc.stderr[-2000:]}", file=sys.stderr)
        return None
    found = json.loads(out.read_text())["rows"]
    row = next((r for r in found if r["kind"] == "loglikelihood"), found[0] if found else None)
    return row


def versions(python: str) -> dict:
    code = ("import json, torch, transformers; from importlib.metadata import version as v\n"
            "out = {'torch': torch.__version__, 'transformers': transformers.__version__}\n"
            "for d in ('lm_eval', 'lmeval-core', 'lmeval-hf'):\n"
            "    try: out[d] = v(d)\n"
            "    except Exception: pass\n"
            "print(json.dumps(out))")
    proc = subprocess.run([python, "-c", code], capture_output=True, text=True)
    return json.loads(proc.stdout) if proc.returncode == 0 else {}


def marginal_ratio(ref: float | None, ours: float | None) -> float | None:
    """lm-eval's marginal time over lmeval's, when both are positive (noise can make a tiny
    task's difference of two wall times zero or negative: then there is no ratio)."""
    if ref is None or ours is None or ref <= 0 or ours <= 0:
        return None
    return ref / ours


def fmt_marginal(r: dict) -> str:
    """``×wall (a / b s), CPU ×c``; a dagger marks a wall difference under 1 s (noise-level)."""
    wall = marginal_ratio(r.get("lm_eval_marginal_s"), r.get("lmeval_marginal_s"))
    cpu = marginal_ratio(r.get("lm_eval_marginal_cpu_s"), r.get("lmeval_marginal_cpu_s"))
    if wall is None and cpu is None:
        return "–"
    out = []
    if wall is not None:
        small = min(r["lm_eval_marginal_s"], r["lmeval_marginal_s"]) < 1.0
        out.append(f"×{wall:.2f}{'†' if small else ''} ({r['lm_eval_marginal_s']:.2f} / "
                   f"{r['lmeval_marginal_s']:.2f} s)")
    if cpu is not None:
        out.append(f"CPU ×{cpu:.2f}")
    return ", ".join(out)


def fmt_table(rows: list[dict]) -> str:
    head = ("| model | task | n | prompts differ | token ids differ | predictions differ | "
            "max \\|Δ logprob\\| (rel.) | metrics equal | lm-eval s (min / med) | lmeval s (min / med) | speed-up | "
            "speed-up beyond one doc | peak MiB lm-eval / lmeval | tokens fed / trie (plain) | "
            "lmeval on vLLM: pred. differ, max \\|Δ\\| | model loop × floor lm-eval / lmeval |")
    lines = [head, "|" + "---|" * 16]
    for r in rows:
        lines.append(
            f"| {r['model']} | {r['config']} | {r['n']} | {r['prompts_differ']} | "
            f"{r.get('token_ids_differ', '–')} | "
            f"{r['predictions_differ']} | {r['max_abs_dlogprob']:.1e} ({r['max_rel_dlogprob']:.0e}) | "
            f"{'yes' if r['metrics_equal'] else 'NO'} | "
            f"{r['lm_eval_s_min']:.1f} / {r['lm_eval_s_median']:.1f} | "
            f"{r['lmeval_s_min']:.1f} / {r['lmeval_s_median']:.1f} | ×{r['speedup']:.2f} | "
            + f"{fmt_marginal(r)} |"
            + (f" {r['lm_eval_peak_mib']:.0f} / {r['lmeval_peak_mib']:.0f} |"
               if r.get("lmeval_peak_mib") else " – |")
            + (f" {r['tokens']['fed_per_trie']:.2f} ({r['tokens']['plain_per_trie']:.2f}) |"
               if r.get("tokens") else " – |")
            + (f" {r['vllm']['predictions_differ']}, {r['vllm']['max_abs_dlogprob']:.1e} |"
               if r.get("vllm") else " – |")
            + (f" ×{r['floor']['lm_eval_x_floor']:.2f} / ×{r['floor']['lmeval_x_floor']:.2f}"
               f" (kernel ×{r['floor']['lm_eval_x_kernel_floor']:.2f} /"
               f" ×{r['floor']['lmeval_x_kernel_floor']:.2f}) |"
               if r.get("floor") else " – |"))
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", nargs="+", default=["llama-h256-l4"],
                    choices=sorted(fixtures.MODELS), help="default: the small one")
    ap.add_argument("--configs", nargs="+", default=list(fixtures.CONFIGS),
                    choices=list(fixtures.CONFIGS))
    ap.add_argument("--limit", type=int, default=None,
                    help="documents per task for both tools (default: all for the small model, "
                         f"{DEFAULT_LIMIT['llama-h768-l12']} for the large one)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per tool and row (min 2)")
    ap.add_argument("--batch_size", type=int, default=8)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no_baseline", action="store_true",
                    help="skip the one-document runs that measure each tool's fixed cost")
    ap.add_argument("--timeout", type=float, default=1800, help="seconds per tool run")
    ap.add_argument("--no_floor", action="store_true",
                    help="skip the model-loop-against-matmul-floor column (model_loop.py)")
    ap.add_argument("--floor_rounds", type=int, default=2,
                    help="processes per tool for the floor column (alternated)")
    ap.add_argument("--output", type=Path, default=RESULTS)
    ap.add_argument("--work", type=Path, default=WORK,
                    help="models, fixtures and run folders (default: benchmarks/.work/parity)")
    ap.add_argument("--table", type=Path, metavar="RESULTS_JSON",
                    help="print the table of a results file (ratios recomputed) and exit")
    args = ap.parse_args()
    if args.table:
        rows = json.loads(args.table.read_text())["rows"]
        for r in rows:
            r["speedup_marginal"] = marginal_ratio(r.get("lm_eval_marginal_s"), r.get("lmeval_marginal_s"))
            r["speedup_marginal_cpu"] = marginal_ratio(r.get("lm_eval_marginal_cpu_s"),
                                                       r.get("lmeval_marginal_cpu_s"))
        print(fmt_table(rows), end="")
        return
    args.repeats = max(2, args.repeats)
    try:
        import lmeval_hf  # noqa: F401
    except ImportError:
        raise SystemExit("run this with a python that has lmeval-core and lmeval-hf installed: "
                         "pip install -e packages/lmeval-core -e packages/lmeval-hf") from None
    from importlib.metadata import version

    from reference_env import reference_python

    ref_python = reference_python(transformers=version("transformers"))
    work = args.work
    tasks = fixtures.write_tasks(work / "tasks")
    threads = str(args.threads)
    env = tool_env(work, threads)

    rows, details, notes = [], [], []
    for model_name in args.models:
        model = fixtures.build_model(work / "models", model_name)
        limit = args.limit if args.limit is not None else DEFAULT_LIMIT[model_name]
        for config in args.configs:
            cfg = fixtures.CONFIGS[config]
            times: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            cpu: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            peak: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            evals: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            outs = {}
            load_before = os.getloadavg()[0]
            for rep in range(args.repeats):  # alternate the tools: both see the same load
                for tool in ("lm-eval", "lmeval"):
                    out = work / "runs" / model_name / config / f"{tool}-{rep}"
                    cmd = tool_command(tool, ref_python, model, tasks, cfg, limit,
                                       args.batch_size, out)
                    if tool == "lmeval":  # its token counts (fed, trie) are logged at INFO
                        cmd += ["--verbosity", "INFO"]
                    wall, cpu_s, mib = run_measured(cmd, env, out, args.timeout)
                    times[tool].append(wall)
                    cpu[tool].append(cpu_s)
                    peak[tool].append(mib)
                    ev = eval_seconds(out)
                    if ev is not None:
                        evals[tool].append(ev)
                    outs.setdefault(tool, out)
                    print(f"  {model_name} {config} {tool} run {rep + 1}: "
                          f"{wall:.1f} s, CPU {cpu_s:.1f} s, {mib:.0f} MiB", file=sys.stderr,
                          flush=True)
            fixed: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            fixed_cpu: dict[str, list[float]] = {"lm-eval": [], "lmeval": []}
            if not args.no_baseline:  # the same command on one document per task
                for rep in range(args.repeats):
                    for tool in ("lm-eval", "lmeval"):
                        out = work / "runs" / model_name / config / f"{tool}-one-{rep}"
                        cmd = tool_command(tool, ref_python, model, tasks, cfg, 1,
                                           args.batch_size, out)
                        wall, cpu_s, _ = run_measured(cmd, env, out, args.timeout)
                        fixed[tool].append(wall)
                        fixed_cpu[tool].append(cpu_s)
            row, det, why = compare_row(outs["lm-eval"], outs["lmeval"])
            tok = token_check(ref_python, model, outs["lm-eval"], env)
            row["requests"] = sum(t["requests"] for t in tok.values())
            row["token_ids_differ"] = sum(t["token_ids_differ"] for t in tok.values())
            for d in det:
                d.update(tok.get(d["task"], {}))
            row = {"model": model_name, "config": config, "limit": limit, **row,
                   "lm_eval_s_min": min(times["lm-eval"]),
                   "lm_eval_s_median": statistics.median(times["lm-eval"]),
                   "lmeval_s_min": min(times["lmeval"]),
                   "lmeval_s_median": statistics.median(times["lmeval"]),
                   "lm_eval_eval_s_min": min(evals["lm-eval"], default=None),
                   "lmeval_eval_s_min": min(evals["lmeval"], default=None),
                   "lm_eval_runs_s": times["lm-eval"], "lmeval_runs_s": times["lmeval"],
                   "lm_eval_cpu_s_min": min(cpu["lm-eval"]), "lmeval_cpu_s_min": min(cpu["lmeval"]),
                   "lm_eval_peak_mib": max(peak["lm-eval"]), "lmeval_peak_mib": max(peak["lmeval"]),
                   "tokens": token_counts(outs["lmeval"] / "log.txt"),
                   "loadavg_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)]}
            row["speedup"] = row["lm_eval_s_min"] / row["lmeval_s_min"]
            if fixed["lm-eval"]:
                row["lm_eval_one_doc_s"] = min(fixed["lm-eval"])
                row["lmeval_one_doc_s"] = min(fixed["lmeval"])
                ref_m = row["lm_eval_s_min"] - row["lm_eval_one_doc_s"]
                our_m = row["lmeval_s_min"] - row["lmeval_one_doc_s"]
                row["lm_eval_marginal_s"], row["lmeval_marginal_s"] = ref_m, our_m
                # noise can exceed a short task's work: the table marks differences under 1 s
                row["speedup_marginal"] = marginal_ratio(ref_m, our_m)
                # the same on CPU time (user + system), less sensitive to other work on the machine
                ref_c = row["lm_eval_cpu_s_min"] - min(fixed_cpu["lm-eval"])
                our_c = row["lmeval_cpu_s_min"] - min(fixed_cpu["lmeval"])
                row["lm_eval_marginal_cpu_s"], row["lmeval_marginal_cpu_s"] = ref_c, our_c
                row["speedup_marginal_cpu"] = marginal_ratio(ref_c, our_c)
            if not args.no_floor:
                row["floor"] = floor_row(outs["lm-eval"], model, args)
            rows.append(row)
            details += [{"model": model_name, "config": config, "limit": limit, **d} for d in det]
            notes += [f"{model_name} {config}: {n}" for n in why]
            print(fmt_table([row]).splitlines()[-1], flush=True)

    previous = {}
    if args.output.is_file():
        try:
            previous = json.loads(args.output.read_text())
        except ValueError:
            previous = {}
    # a rerun replaces the rows (and their task details) of the same model, config and limit
    ran = {(r["model"], r["config"], r["limit"]) for r in rows}
    keep = lambda items: [x for x in items  # noqa: E731
                          if (x.get("model"), x.get("config"), x.get("limit")) not in ran]
    data = {
        "what": "lm-eval 0.4.13 vs lmeval on the same YAMLs, models and data (benchmarks/parity)",
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "lmeval_side": versions(sys.executable), "lm_eval_side": versions(str(ref_python))},
        "settings": {"dtype": "float32", "device": "cpu", "batch_size": args.batch_size,
                     "threads": args.threads, "repeats": args.repeats,
                     "timing": "wall clock of the whole CLI command (imports, model load, "
                               "evaluation, writing); *_eval_s_min: the tool's own "
                               "total_evaluation_time_seconds; *_one_doc_s: the same command "
                               "with --limit 1 (imports, task index, model and dataset load: the "
                               "fixed cost); *_marginal_s = *_s_min - *_one_doc_s, the time the "
                               "documents beyond the first take; speedup_marginal is their "
                               "ratio; *_cpu_s_min, *_marginal_cpu_s, speedup_marginal_cpu: the "
                               "same on CPU time (user + system); *_peak_mib: the largest peak "
                               "RSS of the full runs (wait4 ru_maxrss); tokens: lmeval-hf's "
                               "loglikelihood token counts (fed to the model, the plain path's, "
                               "the prefix trie of all inputs) from its INFO log"},
        "rows": keep(previous.get("rows", [])) + rows,
        "tasks": keep(previous.get("tasks", [])) + details,
        "notes": [n for n in previous.get("notes", [])
                  if tuple(n.split(":", 1)[0].split(" ", 1)) not in {(m, c) for m, c, _ in ran}]
                 + notes,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=2, default=str) + "\n")
    print()
    print(fmt_table(data["rows"]))
    for note in notes:
        print("note:", note)
    print(f"written: {args.output}")


if __name__ == "__main__":
    main()
