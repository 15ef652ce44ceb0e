"""What checking every document before the model loads costs a run's set-up.

Two local datasets, made here: the MMLU pack's 57 subjects with their fixture rows scaled up to
MMLU's 14,042 test documents (an offline mirror, ``LMEVAL_DATASETS_DIR``), and a 100,000-document
multiple-choice task. ``evaluate`` runs up to the first model call (the reference LM; no model call
is made) and each phase is timed:

* ``load``: the task index, the configs, the datasets, the first-document probe, the few-shot pools;
* ``every document before the model``: the new pass. Without a chat template it *is* the
  request build lmeval did after the model loaded before (checks included), moved, not added;
  with a chat template (prompts need the model's tokenizer) it renders and checks each
  document's fields, and the requests are built after the load as before: that pass is added;
* ``build after the model``: where the requests were built before, and still are with a chat
  template;
* ``set-up``: from ``evaluate`` to the first model call, the reference LM's build included.

Each setting runs as lmeval does now and as it did before (``prepare`` turned off), in one
process, the median of ``--repeat`` runs.

    .venv/bin/python benchmarks/preflight_cost.py [--docs 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MMLU_FIXTURES = ROOT / "packages" / "lmeval-tasks-mmlu" / "tests" / "fixtures" / "datasets" / "cais" / "mmlu"
MMLU_TEST_DOCS = 14_042

BIG_TASK = """task: big_mc
dataset_path: json
dataset_kwargs:
  data_files:
    test: big_mc.jsonl
test_split: test
output_type: multiple_choice
doc_to_text: "Question: {{question.strip()}}\\nAnswer:"
doc_to_choice: choices
doc_to_target: answer
"""


class _Stop(Exception):
    pass


def make_mmlu_mirror(root: Path) -> Path:
    """The pack's fixture rows of each subject repeated (numbered) to MMLU's test size."""
    subjects = sorted(p.name for p in MMLU_FIXTURES.iterdir() if p.is_dir())
    per, extra = divmod(MMLU_TEST_DOCS, len(subjects))
    for n, subject in enumerate(subjects):
        src, dst = MMLU_FIXTURES / subject, root / "cais" / "mmlu" / subject
        dst.mkdir(parents=True)
        for split in ("dev", "validation"):
            (dst / f"{split}.jsonl").write_bytes((src / f"{split}.jsonl").read_bytes())
        rows = [json.loads(x) for x in (src / "test.jsonl").read_text().splitlines() if x.strip()]
        count = per + (1 if n < extra else 0)
        with open(dst / "test.jsonl", "w", encoding="utf-8") as fh:
            for i in range(count):
                row = dict(rows[i % len(rows)])
                row["question"] = f"{row['question']} (#{i})"
                fh.write(json.dumps(row) + "\n")
    return root


def make_big_task(root: Path, n: int) -> Path:
    root.mkdir(parents=True)
    (root / "big_mc.yaml").write_text(BIG_TASK)
    with open(root / "big_mc.jsonl", "w", encoding="utf-8") as fh:
        for i in range(n):
            fh.write(json.dumps({"question": f" What is {i} + 1? ", "answer": i % 4,
                                 "choices": [str(i + k) for k in range(4)]}) + "\n")
    return root


def timed_setup(tasks: list[str], include: str | None, *, old: bool = False,
                **kwargs: object) -> dict[str, float]:
    """Phase times (seconds) of one ``evaluate`` up to the first model call. ``old``: as lmeval
    ran before, no pass before the model (``prepare`` gives nothing), every request built after."""
    from lmeval.evaluator import requests, run

    gc.collect()
    times: dict[str, float] = {"prepare": 0.0}
    real_prepare, real_build, real_answer = requests.prepare, requests.build_requests, requests.answer
    start = time.perf_counter()

    def prepare(*args: object, **kw: object) -> object:
        t = time.perf_counter()
        times["load"] = t - start
        out = {} if old else real_prepare(*args, **kw)
        times["prepare"] = time.perf_counter() - t
        return out

    def build_requests(*args: object, **kw: object) -> object:
        t = time.perf_counter()
        out = real_build(*args, **kw)
        times["build after the model"] = time.perf_counter() - t
        return out

    def answer(*args: object, **kw: object) -> object:
        times["set-up"] = time.perf_counter() - start
        raise _Stop

    requests.prepare, requests.build_requests, requests.answer = prepare, build_requests, answer
    try:
        run.evaluate("dummy", None, tasks, include_path=include, bootstrap_iters=0, **kwargs)
    except _Stop:
        pass
    finally:
        requests.prepare, requests.build_requests, requests.answer = real_prepare, real_build, real_answer
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=100_000, help="documents of the big task")
    parser.add_argument("--repeat", type=int, default=3, help="runs per setting (the median is shown)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lmeval-preflight-") as tmp:
        base = Path(tmp)
        os.environ["LMEVAL_CACHE_DIR"] = str(base / "cache")
        os.environ["LMEVAL_DATASETS_DIR"] = str(make_mmlu_mirror(base / "mirror"))
        big = str(make_big_task(base / "big", args.docs))
        settings = [("mmlu (57 tasks, 14,042 docs)", ["mmlu"], None),
                    (f"big_mc ({args.docs:,} docs)", ["big_mc"], big)]
        print("| tasks | chat template | lmeval | load | every document before the model | "
              "build after the model | set-up (to the first model call) |")
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for label, tasks, include in settings:
            timed_setup(tasks, include)  # warm: index cache, imports, template cache
            for chat in (False, True):
                for old in (True, False):
                    runs = [timed_setup(tasks, include, old=old, apply_chat_template=chat)
                            for _ in range(args.repeat)]
                    med = {k: statistics.median(r[k] for r in runs)
                           for k in ("load", "prepare", "build after the model", "set-up")}
                    before = "-" if old else f"{med['prepare']:.2f} s"
                    print(f"| {label} | {'yes' if chat else 'no'} | {'before' if old else 'now'} | "
                          f"{med['load']:.2f} s | {before} | {med['build after the model']:.2f} s | "
                          f"{med['set-up']:.2f} s |")
                    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
