"""Write InfiniteBench's goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_infinitebench_goldens.py

``golden/infinitebench_requests.json``: the request of the first fixture document of every task;
``golden/infinitebench_scores.json``: lm-eval's ``process_results`` of every fixture document of
every task for every answer of ``benchmarks/scripted/infinitebench.py``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parents[2]
MIRROR = PACK / "tests" / "fixtures" / "datasets"
OUT = PACK / "tests" / "golden"
sys.path[:0] = [str(PACK.parent / "lmeval-testkit" / "src")]

from lmeval_testkit.goldens import reference_tasks, write_goldens  # noqa: E402

TASKS = [f"infinitebench_{t}" for t in (
    "passkey", "kv_retrieval", "number_string", "code_run", "code_debug", "math_find", "longdialogue_qa_en",
    "longbook_qa_en", "longbook_sum_en", "longbook_choice_en", "longbook_qa_chn")]


def main() -> None:
    write_goldens(TASKS, MIRROR, OUT / "infinitebench_requests.json")
    spec = importlib.util.spec_from_file_location("infinitebench_scripted",
                                                  PACK.parents[1] / "benchmarks" / "scripted" / "infinitebench.py")
    scripted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripted)
    records = []
    for name, task in reference_tasks(TASKS, MIRROR):
        for doc_id, doc in enumerate(task.eval_docs):
            records.append({"task": name, "doc_id": doc_id,
                            "scores": [task.process_results(doc, [a])["score"] for a in scripted.ANSWERS]})
    (OUT / "infinitebench_scores.json").write_text(json.dumps(records) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
