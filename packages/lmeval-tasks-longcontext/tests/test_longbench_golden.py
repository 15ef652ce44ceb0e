"""LongBench builds, for a slice of its tasks, exactly the requests lm-eval 0.4.13 builds on the
same fixtures, and every task scores every fixture document and scripted answer as lm-eval does.

Goldens: ``tools/make_longbench_goldens.py`` (lm-eval's own task definitions and metrics).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "longbench_requests.json")
SCORES = load_goldens(GOLDEN / "longbench_scores.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


def test_the_score_goldens_cover_every_task_and_document():
    tasks = {r["task"] for r in SCORES}
    assert len(tasks) == 34 and len(SCORES) == 34 * 4


@pytest.mark.parametrize("task_name", sorted({r["task"] for r in SCORES}))
def test_scores_match_reference(task_name, build):
    task, _ = build(task_name, None)
    docs = list(task.eval_docs)
    for record in (r for r in SCORES if r["task"] == task_name):
        doc = docs[record["doc_id"]]
        for answer, expected in zip(record["answers"], record["results"], strict=True):
            got = task.process_results(doc, [answer])
            assert got.keys() == expected.keys(), (answer, got)
            for key, value in expected.items():
                assert type(got[key]) is type(value) and math.isclose(got[key], value, abs_tol=1e-12), \
                    (record["doc_id"], answer, key, got[key], value)
