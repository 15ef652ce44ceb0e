"""``--model textsynth``: lmeval against lm-eval 0.4.13 on the same TextSynth-speaking server.

TextSynth is a hosted API (no network here), so both tools talk to lmeval-testkit's fault
server (``python -m lmeval_testkit.api``, its own process on 127.0.0.1), whose TextSynth
endpoints answer from a deterministic fake model: every answer is a pure function of the request
body, so equal answers mean equal requests (context and continuation strings for ``/logprob``;
prompt, stop strings and length for ``/completions``). lm-eval's ``textsynth`` hard-codes
``https://api.textsynth.com``; its run points ``api_url`` at the server through a two-line
wrapper around its own CLI, which also hands its request methods ``instance.args`` (as
released, lm-eval 0.4.13's ``textsynth`` cannot run: it unpacks the evaluator's ``Instance``
objects as tuples and raises ``TypeError`` on the first request; nothing else is changed). Both CLIs run the parity
benchmark's fixture tasks (``parity/fixtures.py``: MMLU 5-shot, HellaSwag, WinoGrande, GSM8K
generation) with ``--log_samples``, and ``parity/compare.py`` compares them per sample.

    .venv/bin/python benchmarks/textsynth_parity.py [--limit N]

Writes ``results/textsynth_parity.json`` and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "parity"))
sys.path.insert(0, str(HERE))

import fixtures  # noqa: E402
from compare import compare_scores, compare_task, run_files  # noqa: E402
from reference_env import reference_python  # noqa: E402

WORK = HERE / ".work" / "textsynth-parity"
CONFIGS = {
    "mmlu_5shot": (["parity_mmlu"], 5),
    "hellaswag": (["parity_hellaswag"], None),
    "winogrande": (["parity_winogrande"], None),
    "gsm8k": (["parity_gsm8k"], None),
}
KEY = "ts-benchmark-key-0000"
#: lm-eval's CLI with TextSynthLM.api_url pointed at $TS_URL, and its two request methods given
#: ``[instance.args ...]``: as released, they unpack the ``Instance`` objects lm-eval 0.4.13's
#: evaluator passes as if they were ``(context, continuation)`` tuples and fail on the first
#: request (``TypeError: cannot unpack non-iterable Instance object``).
LM_EVAL_WRAPPER = (
    "import os, sys\n"
    "import lm_eval.models.textsynth as ts\n"
    "init = ts.TextSynthLM.__init__\n"
    "def patched(self, *a, **k):\n"
    "    init(self, *a, **k)\n"
    "    self.api_url = os.environ['TS_URL']\n"
    "ts.TextSynthLM.__init__ = patched\n"
    "for name in ('loglikelihood', 'generate_until'):\n"
    "    method = getattr(ts.TextSynthLM, name)\n"
    "    setattr(ts.TextSynthLM, name, lambda self, reqs, disable_tqdm=False, m=method:"
    " m(self, [r.args for r in reqs], disable_tqdm))\n"
    "from lm_eval.__main__ import cli_evaluate\n"
    "sys.argv[0] = 'lm-eval'\n"
    "sys.exit(cli_evaluate())\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--work", type=Path, default=WORK)
    ap.add_argument("--json", type=Path, default=HERE / "results" / "textsynth_parity.json")
    args = ap.parse_args()
    work = args.work.resolve()
    tasks_dir = fixtures.write_tasks(work / "tasks")
    ref_python = reference_python()
    server = subprocess.Popen([sys.executable, "-m", "lmeval_testkit.api"],
                              stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        env = {**os.environ, "TEXTSYNTH_API_SECRET_KEY": KEY, "TS_URL": url,
               "HF_HUB_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "TQDM_DISABLE": "1",
               "LMEVAL_CACHE_DIR": str(work / "lmeval-cache"), "HF_HOME": str(work / "hf-home")}
        rows = []
        for name, (tasks, shots) in CONFIGS.items():
            outs, seconds = {}, {}
            for tool in ("lm-eval", "lmeval"):
                out = outs[tool] = work / "runs" / name / tool
                shutil.rmtree(out, ignore_errors=True)
                if tool == "lm-eval":
                    head = [str(ref_python), "-c", LM_EVAL_WRAPPER, "run", "--model", "textsynth",
                            "--model_args", "engine=fake_engine"]
                else:
                    head = [sys.executable, "-m", "lmeval", "run", "--model", "textsynth",
                            "--model_args", f"engine=fake_engine,base_url={url},num_concurrent=8"]
                cmd = [*head, "--include_path", str(tasks_dir), "--tasks", ",".join(tasks),
                       "--output_path", str(out), "--log_samples"]
                if shots is not None:
                    cmd += ["--num_fewshot", str(shots)]
                if args.limit is not None:
                    cmd += ["--limit", str(args.limit)]
                start = time.perf_counter()
                proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=3600)
                seconds[tool] = time.perf_counter() - start
                if proc.returncode != 0:
                    raise RuntimeError(f"{tool} failed:\n{proc.stderr[-3000:]}")
                for path in out.rglob("*"):
                    if path.is_file() and KEY.encode() in path.read_bytes():
                        raise RuntimeError(f"{tool} wrote the API key to {path}")
            ref, ref_files = run_files(outs["lm-eval"])
            ours, our_files = run_files(outs["lmeval"])
            for task, path in sorted(ref_files.items()):
                output_type = ref["configs"][task]["output_type"]
                diff = compare_task(task, output_type, path, our_files.get(task))
                equal, worst, notes = compare_scores(ref, ours, task)
                rows.append({"config": name, "task": task, "output_type": output_type,
                             **diff.as_dict(), "aggregates_equal": equal,
                             "max_abs_daggregate": worst, "notes": notes[:4],
                             "seconds_lm_eval": round(seconds["lm-eval"], 1),
                             "seconds_lmeval": round(seconds["lmeval"], 1)})
                r = rows[-1]
                print(f"{name:11s} {task:18s} n={r['n']:4d} prompts_differ={r['prompts_differ']} "
                      f"predictions_differ={r['predictions_differ']} "
                      f"max|dll|={r['max_abs_dlogprob']:.1e} aggregates_equal={equal} "
                      f"lm-eval {seconds['lm-eval']:.1f}s lmeval {seconds['lmeval']:.1f}s",
                      flush=True)
    finally:
        server.terminate()
        server.wait(10)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"limit": args.limit, "rows": rows}, indent=2) + "\n")
    print("\n| config | task | documents | prompts differ | predictions differ | "
          "max \\|Δ log-lik\\| | aggregates equal | wall s lm-eval / lmeval |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['config']} | {r['task']} | {r['n']} | {r['prompts_differ']} | "
              f"{r['predictions_differ']} | {r['max_abs_dlogprob']:.1e} | "
              f"{'yes' if r['aggregates_equal'] else 'no'} | {r['seconds_lm_eval']} / "
              f"{r['seconds_lmeval']} |")


if __name__ == "__main__":
    main()
