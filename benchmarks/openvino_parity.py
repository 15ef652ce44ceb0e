"""``--model openvino`` against ``--model hf`` on the same weights, per sample.

lm-eval 0.4.13's ``openvino`` is its ``hf`` (HFLM) with optimum-intel's model inside, so the
reference numbers for an OpenVINO export are those of ``hf`` on the source model. This builds the
parity benchmark's random Llama (``parity/fixtures.py``, default ``llama-h256-l4``), exports it
with optimum-intel (``lmeval_testkit.openvino``: ``optimum-cli export openvino``, fp32 weights),
writes the parity fixtures' tasks (MMLU 5-shot, HellaSwag, WinoGrande, GSM8K generation,
WikiText rolling), then runs ``lmeval run`` three times on them:

* ``hf`` on the source model (float32, batch 8) — the reference;
* ``openvino`` with ``ov_config`` ``INFERENCE_PRECISION_HINT=f32, KV_CACHE_PRECISION=f32``
  (batch 8) — must match: same prompts, same predictions, log-likelihoods within float32 noise;
* ``openvino`` with OpenVINO's CPU defaults (what lm-eval's ``openvino`` runs with; bf16 compute
  where the CPU has it, u8 KV cache) — reported, not required to match.

and compares them per sample with ``parity/compare.py`` (the comparison the lm-eval parity
benchmark uses). Writes ``results/openvino_parity.json`` and prints a Markdown table.

    .venv/bin/python benchmarks/openvino_parity.py [--model llama-h256-l4] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "parity"))
sys.path.insert(0, str(HERE))

import fixtures  # noqa: E402
from compare import compare_scores, compare_task, run_files  # noqa: E402

WORK = HERE / ".work" / "openvino-parity"
CONFIGS = {  # row -> (tasks, --num_fewshot)
    "mmlu_5shot": (["parity_mmlu"], 5),
    "hellaswag": (["parity_hellaswag"], None),
    "winogrande": (["parity_winogrande"], None),
    "gsm8k": (["parity_gsm8k"], None),
    "wikitext": (["parity_wikitext"], None),
}
F32 = {"INFERENCE_PRECISION_HINT": "f32", "KV_CACHE_PRECISION": "f32"}


def run(model: str, model_args: str, tasks_dir: Path, cfg: tuple, out: Path, env: dict,
        limit: int | None) -> float:
    tasks, shots = cfg
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", model, "--model_args", model_args,
           "--device", "cpu", "--batch_size", "8", "--include_path", str(tasks_dir),
           "--tasks", ",".join(tasks), "--output_path", str(out), "--log_samples"]
    if shots is not None:
        cmd += ["--num_fewshot", str(shots)]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{proc.stderr[-3000:]}")
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", default="llama-h256-l4", choices=sorted(fixtures.MODELS))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--work", type=Path, default=WORK)
    ap.add_argument("--json", type=Path, default=HERE / "results" / "openvino_parity.json")
    args = ap.parse_args()
    from lmeval_testkit.openvino import build_tiny_ov_export

    work = args.work.resolve()
    source = fixtures.build_model(work / "models", args.model)
    _, export = build_tiny_ov_export(work / "exports" / args.model, source=source)
    tasks_dir = fixtures.write_tasks(work / "tasks")
    f32 = work / "f32.json"
    f32.write_text(json.dumps(F32))
    env = {**os.environ, "OMP_NUM_THREADS": "2", "TOKENIZERS_PARALLELISM": "false",
           "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1",
           "LMEVAL_CACHE_DIR": str(work / "lmeval-cache"), "TQDM_DISABLE": "1"}
    sides = {"hf": ("hf", f"pretrained={source},dtype=float32"),
             "openvino-f32": ("openvino", f"pretrained={export},ov_config={f32}"),
             "openvino-default": ("openvino", f"pretrained={export}")}
    rows = []
    for name, cfg in CONFIGS.items():
        outs, seconds = {}, {}
        for side, (model, margs) in sides.items():
            outs[side] = work / "runs" / args.model / name / side
            if outs[side].exists():
                import shutil

                shutil.rmtree(outs[side])
            seconds[side] = run(model, margs, tasks_dir, cfg, outs[side], env, args.limit)
        ref, ref_files = run_files(outs["hf"])
        for side in ("openvino-f32", "openvino-default"):
            ours, our_files = run_files(outs[side])
            for task, path in sorted(ref_files.items()):
                output_type = ref["configs"][task]["output_type"]
                diff = compare_task(task, output_type, path, our_files.get(task))
                equal, worst, notes = compare_scores(ref, ours, task)
                rows.append({"config": name, "side": side, "task": task,
                             "output_type": output_type, **diff.as_dict(),
                             "aggregates_equal": equal, "max_abs_daggregate": worst,
                             "notes": notes[:4], "seconds_hf": round(seconds["hf"], 1),
                             "seconds": round(seconds[side], 1)})
                r = rows[-1]
                print(f"{name:11s} {side:16s} {task:18s} n={r['n']:4d} prompts_differ="
                      f"{r['prompts_differ']} predictions_differ={r['predictions_differ']} "
                      f"max|dll|={r['max_abs_dlogprob']:.2e} rel={r['max_rel_dlogprob']:.2e} "
                      f"aggregates_equal={equal}", flush=True)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    import openvino

    args.json.write_text(json.dumps({"model": args.model, "limit": args.limit,
                                     "openvino": openvino.get_version(), "rows": rows},
                                    indent=2) + "\n")
    print("\n| config | openvino ov_config | documents | prompts differ | predictions differ | "
          "max \\|Δ log-lik\\| | max relative | aggregate max \\|Δ\\| |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['config']} | {'f32' if r['side'].endswith('f32') else 'defaults'} | {r['n']} "
              f"| {r['prompts_differ']} | {r['predictions_differ']} | "
              f"{r['max_abs_dlogprob']:.1e} | {r['max_rel_dlogprob']:.1e} | "
              f"{r['max_abs_daggregate']:.1e} |")


if __name__ == "__main__":
    main()
