"""The whole ``lmeval run --model vllm`` command, lmeval-vllm at two git revisions, alternated.

    python benchmarks/vllm_fixed_cost.py [--row vllm_mc|mmlu_0shot] [--engine eager|compiled]
                                         [--pairs 3] [--before REV] [--after REV|worktree]

Issue 33's fixed cost: most of a small model's command is vLLM's import, engine start and
shutdown. ``--before`` (default ``0b46a324``, the tree before the start-up work) and ``--after``
(default: the working tree) are lmeval-vllm's sources at those revisions (``git archive`` into a
temp dir, put first on ``PYTHONPATH``; lmeval-core and vLLM are the dev venv's), or source
folders (the one holding ``lmeval_vllm``). Rows:
``vllm_mc`` (the vllm tests' tasks, 2-shot, their tiny Llama built by the test kit) and
``mmlu_0shot`` (the parity fixtures' MMLU, ``--limit 20``, ``llama-h256-l4``; run
``benchmarks/parity/vllm_rows.py`` once to build them). Both sides share one
``VLLM_CACHE_ROOT``/``TORCHINDUCTOR_CACHE_DIR`` and start with one untimed run each (warm
caches: vLLM compiles a sampler helper even with ``enforce_eager`` in older trees). Prints per run wall and CPU seconds (user + system of the process tree, ``wait4``), the
1-minute load average before it, and whether every run's samples (``resps``, log-probabilities
included) and scores equal the first run's.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARITY = ROOT / "benchmarks" / ".work" / "parity"
PACKAGE = "packages/lmeval-vllm/src"


def sources(rev: str, into: Path) -> Path:
    """lmeval-vllm's sources at ``rev`` (``worktree``: this checkout's; a directory: that one,
    the folder that holds ``lmeval_vllm``)."""
    if rev == "worktree":
        return ROOT / PACKAGE
    if Path(rev).is_dir():
        return Path(rev)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, f"{PACKAGE}/lmeval_vllm"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / PACKAGE


def row_command(row: str, engine: str, work: Path) -> tuple[str, list[str], dict[str, str]]:
    eager = engine == "eager"
    if row == "vllm_mc":
        model = work / "llama"
        if not (model / "config.json").exists():
            from lmeval_testkit.hf import build_tiny_llama

            build_tiny_llama(model, hidden=64, heads=2, kv_heads=1, max_position=512)
        margs = (f"pretrained={model},dtype=float32,max_model_len=512,enforce_eager={eager},"
                 "distributed_executor_backend=uni,block_size=32,seed=1234")
        return margs, ["--tasks", "vllm_mc", "--include_path", "packages/lmeval-vllm/tests/tasks",
                       "--num_fewshot", "2"], {}
    model = PARITY / "models" / "llama-h256-l4"
    if not (model / "config.json").exists():
        raise SystemExit(f"{model} is missing: run benchmarks/parity/vllm_rows.py once")
    margs = (f"pretrained={model},dtype=float32,max_model_len=1024,enforce_eager={eager},"
             "distributed_executor_backend=uni,block_size=32,seed=1234,enable_prefix_caching=True")
    return margs, ["--batch_size", "auto", "--include_path", str(PARITY / "tasks"), "--tasks",
                   "parity_mmlu", "--num_fewshot", "0", "--limit", "20"], {
                       "HF_HOME": str(PARITY / "hf-home")}


def run(label: str, n: object, src: Path, margs: str, tail: list[str], env: dict[str, str],
        work: Path) -> tuple[dict, object]:
    out = work / f"{label}-{n}"
    subprocess.run(["rm", "-rf", str(out)], check=True)
    cmd = [str(Path(sys.executable).parent / "lmeval"), "run", "--model", "vllm", "--model_args",
           margs, *tail, "--output_path", str(out), "--log_samples"]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    with open(f"{out}.log", "w") as log:
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT,
                                env={**env, "PYTHONPATH": str(src)})
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{label} run {n} failed: see {out}.log")
    answers = []
    for path in sorted(glob.glob(f"{out}/**/samples_*.jsonl", recursive=True)):
        for line in open(path):
            doc = json.loads(line)
            answers.append((doc.get("doc_id"), doc.get("resps"), doc.get("filtered_resps")))
    results = sorted(glob.glob(f"{out}/**/results_*.json", recursive=True))
    scores = json.loads(Path(results[0]).read_text())["results"] if results else None
    return {"side": label, "run": n, "wall_s": round(wall, 2),
            "cpu_s": round(usage.ru_utime + usage.ru_stime, 2), "load": round(load, 2)}, (answers, scores)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--row", default="vllm_mc", choices=["vllm_mc", "mmlu_0shot"])
    ap.add_argument("--engine", default="eager", choices=["eager", "compiled"])
    ap.add_argument("--pairs", type=int, default=3)
    ap.add_argument("--before", default="0b46a324")
    ap.add_argument("--after", default="worktree")
    ap.add_argument("--work", type=Path, default=None)
    args = ap.parse_args()
    work = args.work or Path(tempfile.mkdtemp(prefix="vllm-fixed-cost-"))
    work.mkdir(parents=True, exist_ok=True)
    srcs = {}
    for side, rev in (("before", args.before), ("after", args.after)):
        (work / f"src-{side}").mkdir(exist_ok=True)
        srcs[side] = sources(rev, work / f"src-{side}")
    margs, tail, extra = row_command(args.row, args.engine, work)
    env = {**os.environ, "VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
           "VLLM_CPU_OMP_THREADS_BIND": "nobind", "HF_HUB_OFFLINE": "1",
           "HF_DATASETS_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "TOKENIZERS_PARALLELISM": "false", "OMP_NUM_THREADS": "2", "TQDM_DISABLE": "1",
           "VLLM_CACHE_ROOT": str(work / "cache" / "vllm"),
           "TORCHINDUCTOR_CACHE_DIR": str(work / "cache" / "inductor"), **extra}
    env.pop("VLLM_USE_AOT_COMPILE", None)
    for side in ("before", "after"):  # compile caches warm for both sides
        row, _ = run(side, "warm-up", srcs[side], margs, tail, env, work)
        print(json.dumps({**row, "timed": False}), flush=True)
    rows, first = [], None
    for n in range(args.pairs):
        for side in ("before", "after") if n % 2 == 0 else ("after", "before"):
            row, answers = run(side, n, srcs[side], margs, tail, env, work)
            first = answers if first is None else first
            row["same_as_first"] = answers == first
            print(json.dumps(row), flush=True)
            rows.append(row)
    print("samples and scores identical in every run:", all(r["same_as_first"] for r in rows))
    for side in ("before", "after"):
        mine = [r for r in rows if r["side"] == side]
        print(f"{side}: wall {sorted(r['wall_s'] for r in mine)} s, "
              f"CPU {sorted(r['cpu_s'] for r in mine)} s")


if __name__ == "__main__":
    main()
