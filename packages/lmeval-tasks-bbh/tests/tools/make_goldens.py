"""Write golden requests and answer extractions with the reference tool, lm-eval 0.4.13.

Run with the interpreter that has lm-eval 0.4.13 (and ``datasets``) installed::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bbh/tests/tools/make_goldens.py

lm-eval's own BBH task definitions, reading the offline mirror in ``tests/fixtures/datasets``
(:mod:`lmeval_testkit.goldens`), give (1) the requests of the first document of every case and
(2) for the first two documents of the default-shot cases, what each filter pipeline extracts
from a set of model answers and the resulting exact match. Outputs: ``tests/golden/requests.json``
and ``tests/golden/filters.json``; lm-eval is not needed to run the tests.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "golden"
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from golden_cases import CASES, answers_for  # noqa: E402
from lmeval_testkit.goldens import reference_case, reference_tasks  # noqa: E402


def filter_records(name: str, task: object) -> list[dict]:
    """What each of the task's filter ensembles makes of ``answers_for(doc)``, with its score."""
    records = []
    for doc_id in range(2):
        doc = dict(task.eval_docs[doc_id])
        answers = answers_for(doc)
        results = {}
        for ensemble in task._filters:
            values = [[a] for a in answers]
            for make in ensemble.filters:
                values = list(make().apply(values, [doc] * len(answers)))
            scores = [task.process_results(doc, [v])["exact_match"] for v in values]
            results[ensemble.name] = [[v, s] for v, s in zip(values, scores, strict=True)]
        records.append({"task": name, "doc_id": doc_id, "answers": answers, "results": results})
    return records


def main() -> None:
    requests, filters = [], []
    built = reference_tasks(CASES, HERE.parent / "fixtures" / "datasets")
    for (_, shots), (name, task) in zip(CASES, built, strict=True):
        requests.append(reference_case(name, task, score=False))
        if shots is None:
            filters.extend(filter_records(name, task))
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "requests.json").write_text(json.dumps(requests, ensure_ascii=False, indent=0) + "\n",
                                       encoding="utf-8")
    (OUT / "filters.json").write_text(json.dumps(filters, ensure_ascii=False, indent=0) + "\n",
                                      encoding="utf-8")


if __name__ == "__main__":
    main()
