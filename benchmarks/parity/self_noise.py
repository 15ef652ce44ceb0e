"""lm-eval against itself: the float32 noise floor of the parity table's |Δ logprob| column.

    python benchmarks/parity/self_noise.py [--models ...] [--configs ...]

For each row of ``benchmarks/results/parity.json`` (run ``run.py`` first) it runs lm-eval 0.4.13
once more with ``--batch_size 1`` on the same model, YAMLs and limit, and compares the sample
files with lm-eval's own batch-size-8 run of that row (compare.py). Batch composition changes
the padded shapes the kernels see, so lm-eval's log-likelihoods move in the last float32 bits;
that is how far apart two runs of the *same* tool are. Written to each row as
``lm_eval_self_max_abs_dlogprob``.
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", nargs="+", default=sorted(fixtures.MODELS), choices=sorted(fixtures.MODELS))
    ap.add_argument("--configs", nargs="+", default=["mmlu_5shot", "hellaswag", "winogrande"],
                    choices=list(fixtures.CONFIGS))
    args = ap.parse_args()
    from importlib.metadata import version

    from reference_env import reference_python

    ref_python = reference_python(transformers=version("transformers"))
    data = json.loads(parity.RESULTS.read_text())
    tasks = fixtures.write_tasks(parity.WORK / "tasks")
    threads = str(os.cpu_count() or 1)
    env = parity.tool_env(parity.WORK, threads)
    for row in data["rows"]:
        if row["model"] not in args.models or row["config"] not in args.configs:
            continue
        base = parity.WORK / "runs" / row["model"] / row["config"]
        if not (base / "lm-eval-0").is_dir():
            continue
        model = fixtures.build_model(parity.WORK / "models", row["model"])
        out = base / "lm-eval-bs1"
        cmd = parity.tool_command("lm-eval", ref_python, model, tasks,
                                  fixtures.CONFIGS[row["config"]], row.get("limit"), 1, out)
        parity.run_once(cmd, env, out, 3600)
        cmp, _, _ = parity.compare_row(base / "lm-eval-0", out)
        row["lm_eval_self_max_abs_dlogprob"] = cmp["max_abs_dlogprob"]
        row["lm_eval_self_predictions_differ"] = cmp["predictions_differ"]
        print(f"{row['model']} {row['config']} (limit {row.get('limit')}): lm-eval batch size 1 vs 8: "
              f"max |Δ logprob| {cmp['max_abs_dlogprob']:.1e}, predictions differ "
              f"{cmp['predictions_differ']}; lmeval vs lm-eval: {row['max_abs_dlogprob']:.1e}",
              flush=True)
    parity.RESULTS.write_text(json.dumps(data, indent=2, default=str) + "\n")
    print(f"written: {parity.RESULTS}")


if __name__ == "__main__":
    main()
