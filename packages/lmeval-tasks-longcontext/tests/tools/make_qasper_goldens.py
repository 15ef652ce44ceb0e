"""Write Qasper's goldens with the reference tool, lm-eval 0.4.13::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-longcontext/tests/tools/make_qasper_goldens.py

``golden/qasper_requests.json``: the requests of the first fixture document of both tasks;
``golden/qasper_docs.json``: every document lm-eval's ``process_docs`` makes of the fixtures and
the F1 of lm-eval's ``f1_abstractive`` for each answer of ``benchmarks/scripted/qasper.py``.
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


def main() -> None:
    write_goldens(["qasper_bool", "qasper_freeform"], MIRROR, OUT / "qasper_requests.json")
    spec = importlib.util.spec_from_file_location("qasper_scripted", PACK.parents[1] / "benchmarks" / "scripted" / "qasper.py")
    scripted = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripted)
    from lm_eval.tasks.qasper.metrics import f1_abstractive

    records = []
    for name, task in reference_tasks(["qasper_bool", "qasper_freeform"], MIRROR):
        for split in ("validation", "train"):
            docs = [_jsonable(dict(d)) for d in (task.validation_docs() if split == "validation" else task.training_docs())]
            record = {"task": name, "split": split, "docs": docs}
            if name == "qasper_freeform":
                record["f1"] = [[f1_abstractive([a], [d["answer"]]) for a in scripted.ANSWERS] for d in docs]
            records.append(record)
    (OUT / "qasper_docs.json").write_text(json.dumps(records, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
