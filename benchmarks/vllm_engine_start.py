"""vLLM engine start across runs: does the compile cache serve the next process?

    python benchmarks/vllm_engine_start.py [--runs 3] [--series after before eager] [--work DIR]
                                           [--model tiny|llama-h256-l4|llama-h768-l12]

Each series starts lmeval-vllm's engine (``lmeval_vllm.engine.LocalEngine``; ``--model``: the
tiny Llama the vllm tests build (default), or one of the parity fixtures' random Llamas, e.g.
``llama-h768-l12``, ~110M parameters; float32, max_model_len 512, block_size 32, in-process)
``--runs`` times, each in
a fresh process, on caches (``VLLM_CACHE_ROOT``, ``TORCHINDUCTOR_CACHE_DIR``) emptied before the
series' first run. ``after``: compiled, as lmeval-vllm starts it; ``before``: compiled with
``VLLM_USE_AOT_COMPILE=1`` (vLLM's default, what lmeval-vllm ran before
``lmeval_vllm.compile_cache``); ``eager``: ``enforce_eager=True`` (nothing compiled, the floor).
Prints per run: wall and CPU seconds of the engine construction (the lazy ``from vllm import LLM``
included, the compile workers' CPU not), the 1-minute load average before and after, whether
vLLM logged "Compiling model again", and the greedy tokens (equal in every run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENGINE_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
              "VLLM_CPU_OMP_THREADS_BIND": "nobind", "HF_HUB_OFFLINE": "1",
              "TOKENIZERS_PARALLELISM": "false"}

CHILD = """
import json, os, sys, time
import vllm
from lmeval_vllm.engine import LocalEngine
args = json.loads(sys.argv[1])
load = os.getloadavg()[0]
wall, cpu = time.perf_counter(), time.process_time()
engine = LocalEngine(args)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
out = engine.llm.generate([[1, 2, 3, 4]], vllm.SamplingParams(max_tokens=4, temperature=0),
                          use_tqdm=False)[0].outputs[0]
print("RESULT " + json.dumps({"wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
                              "load_before": round(load, 2),
                              "load_after": round(os.getloadavg()[0], 2),
                              "tokens": list(out.token_ids)}), flush=True)
"""


def build_model(work: Path, name: str = "tiny") -> Path:
    if name != "tiny":
        sys.path.insert(0, str(Path(__file__).resolve().parent / "parity"))
        from fixtures import build_model as build_fixture

        target = work / name
        return target if (target / "config.json").exists() else build_fixture(work, name)
    from lmeval_testkit.hf import build_tiny_llama

    target = work / "llama"
    if not (target / "config.json").exists():
        build_tiny_llama(target, hidden=64, heads=2, kv_heads=1, max_position=512)
    return target


def run_series(name: str, model: Path, work: Path, runs: int) -> list[dict]:
    caches = work / f"cache-{name}"
    shutil.rmtree(caches, ignore_errors=True)
    env = {**os.environ, **ENGINE_ENV, "VLLM_CACHE_ROOT": str(caches / "vllm"),
           "TORCHINDUCTOR_CACHE_DIR": str(caches / "inductor")}
    env.pop("VLLM_USE_AOT_COMPILE", None)
    if name == "before":
        env["VLLM_USE_AOT_COMPILE"] = "1"
    args = {"model": str(model), "dtype": "float32", "max_model_len": 512,
            "enforce_eager": name == "eager", "distributed_executor_backend": "uni",
            "block_size": 32, "seed": 1234, "enable_prefix_caching": True}
    rows = []
    for n in range(1, runs + 1):
        proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(args)], env=env,
                              capture_output=True, text=True, timeout=1200)
        lines = [x for x in proc.stdout.splitlines() if x.startswith("RESULT ")]
        if proc.returncode != 0 or not lines:
            raise SystemExit(f"{name} run {n} failed:\n{(proc.stdout + proc.stderr)[-3000:]}")
        row = {"series": name, "run": n, **json.loads(lines[0][len("RESULT "):]),
               "recompiled": "Compiling model again" in proc.stdout + proc.stderr}
        print(json.dumps(row), flush=True)
        rows.append(row)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--series", nargs="+", default=["after", "before", "eager"],
                    choices=["after", "before", "eager"])
    ap.add_argument("--work", type=Path, default=None, help="model and caches (default: a temp dir)")
    ap.add_argument("--model", default="tiny",
                    help="tiny (the vllm tests' Llama) or a parity fixture, e.g. llama-h768-l12")
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="vllm-engine-start-"))
    work.mkdir(parents=True, exist_ok=True)
    model = build_model(work, args.model)
    for name in args.series:
        run_series(name, model, work / f"caches-{args.model}", args.runs)


if __name__ == "__main__":
    main()
