"""Evaluate RULER tasks end to end with lmeval and with lm-eval 0.4.13 (task_parity's scripted
model and answers, ``benchmarks/scripted/ruler.py``), for one tokenizer and lengths, on the pack's
fixtures, and compare requests, answers, per-sample metrics and aggregates::

    .venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/ruler_eval_parity.py TOKENIZER_DIR 512 5 TASK[,TASK...]

(runs the reference side itself, with ``benchmarks/.work/ref-venv/bin/python``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
ROOT = PACK.parents[1]
MIRROR = PACK / "tests" / "fixtures" / "datasets"
NLTK_DATA = PACK / "src" / "lmeval_tasks_longcontext" / "data" / "nltk_data"
sys.path[:0] = [str(ROOT / "benchmarks"), str(Path(__file__).resolve().parent)]


def reference(job: dict) -> list[dict]:
    os.environ["NLTK_DATA"] = str(NLTK_DATA)
    import parity_records
    import ruler_documents
    import task_parity_ref as ref  # benchmarks/task_parity_ref.py

    ruler_documents.reference_builders()  # the mirror for datasets
    import requests

    class _Mirrored:  # lm-eval's QA helpers (loaded by path by its task manager) download with requests.get
        def __init__(self, url: str) -> None:
            key = next(k for k in ruler_documents.MIRRORED if url.endswith(k))
            self.text = (MIRROR / ruler_documents.MIRRORED[key]).read_text(encoding="utf-8")

        def raise_for_status(self) -> None:
            pass

        def json(self):
            return json.loads(self.text)

    requests.get = lambda url, **_: _Mirrored(url)
    ref.patch_datasets(MIRROR)
    import lm_eval

    lm = ref.scripted_lm()
    out = []
    for task in job["tasks"]:
        results = lm_eval.simple_evaluate(model=lm, tasks=[task], limit=job["limit"], log_samples=True,
                                          bootstrap_iters=0, metadata=job["metadata"], verbosity="ERROR")
        out.append(parity_records.normalize(results))
    return out


def ours(job: dict) -> list[dict]:
    os.environ["LMEVAL_DATASETS_DIR"] = str(MIRROR)
    import parity_records
    from lmeval.evaluator import evaluate
    from task_parity import scripted_model

    return [parity_records.normalize(evaluate(scripted_model(), tasks=[t], limit=job["limit"], log_samples=True,
                                              bootstrap_iters=0, metadata=job["metadata"], progress=False))
            for t in job["tasks"]]


def main(argv: list[str]) -> int:
    if argv[0] == "--reference":
        job = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        Path(argv[2]).write_text(json.dumps(reference(job), ensure_ascii=False), encoding="utf-8")
        return 0
    tokenizer, lengths, limit, tasks = argv[:4]
    job = {"tasks": tasks.split(","), "limit": int(limit),
           "metadata": {"tokenizer": tokenizer, "max_seq_lengths": [int(x) for x in lengths.split(",")]}}
    with tempfile.TemporaryDirectory() as tmp:
        job_file, ref_file = Path(tmp, "job.json"), Path(tmp, "ref.json")
        job_file.write_text(json.dumps(job), encoding="utf-8")
        proc = subprocess.Popen([str(ROOT / "benchmarks/.work/ref-venv/bin/python"), __file__, "--reference",
                                 str(job_file), str(ref_file)])
        mine = ours(job)
        proc.wait()
        theirs = json.loads(ref_file.read_text(encoding="utf-8"))
    import parity_records

    same = 0
    for task, a, b in zip(job["tasks"], mine, theirs, strict=True):
        diff = parity_records.first_difference(a, b)
        samples = len(a.get("tasks", {}).get(task, {}).get("samples", []))
        print(f"{task}: {'identical' if not diff else 'DIFFERENT: ' + str(diff)[:300]} ({samples} samples)")
        same += not diff
    print(f"{same}/{len(job['tasks'])} tasks identical")
    return 0 if same == len(job["tasks"]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
