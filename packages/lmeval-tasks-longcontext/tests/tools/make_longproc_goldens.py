"""Write LongProc's goldens with the reference tool, lm-eval 0.4.13 (g++ and pandas installed)::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_longproc_goldens.py

``golden/longproc_requests.json``: the request of the first fixture document of one task per
family; ``golden/longproc_scores.json``: lm-eval's ``process_results`` of every fixture document of
those tasks for every answer of ``benchmarks/scripted/longproc.py``.
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

from lmeval_testkit.goldens import _jsonable, reference_tasks, write_goldens  # noqa: E402

TASKS = ["longproc_countdown_0.5k", "longproc_path_traversal_2k", "longproc_tom_tracking_8k",
         "longproc_html_to_tsv_0.5k", "longproc_pseudo_to_code_0.5k", "longproc_travel_planning_2k"]


def main() -> None:
    write_goldens(TASKS, MIRROR, OUT / "longproc_requests.json")
    spec = importlib.util.spec_from_file_location("longproc_scripted", PACK.parents[1] / "benchmarks" / "scripted" / "longproc.py")
    scripted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripted)
    records = []
    for name, task in reference_tasks(TASKS, MIRROR):
        family = name.split("_", 1)[1].rsplit("_", 1)[0]
        answers = scripted.ANSWERS[family]
        for doc_id, doc in enumerate(task.eval_docs):
            records.append({"task": name, "doc_id": doc_id, "answers": list(answers),
                            "results": [_jsonable(task.process_results(doc, [a])) for a in answers]})
    (OUT / "longproc_scores.json").write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
