"""Write GraphWalks' goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_graphwalks_goldens.py

``golden/graphwalks_requests.json``: the request of the first fixture document of both tasks;
``golden/graphwalks_scores.json``: lm-eval's ``process_results`` of every fixture document for
every answer of ``benchmarks/scripted/graphwalks.py``.
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

TASKS = ["graphwalks_128k", "graphwalks_1M"]


def main() -> None:
    write_goldens(TASKS, MIRROR, OUT / "graphwalks_requests.json")
    spec = importlib.util.spec_from_file_location("graphwalks_scripted",
                                                  PACK.parents[1] / "benchmarks" / "scripted" / "graphwalks.py")
    scripted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripted)
    records = []
    for name, task in reference_tasks(TASKS[:1], MIRROR):
        for doc_id, doc in enumerate(task.eval_docs):
            records.append({"task": name, "doc_id": doc_id, "answers": list(scripted.ANSWERS),
                            "results": [task.process_results(doc, [a]) for a in scripted.ANSWERS]})
    (OUT / "graphwalks_scores.json").write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
