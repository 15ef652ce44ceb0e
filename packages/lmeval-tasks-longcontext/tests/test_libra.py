"""LIBRA builds the requests lm-eval 0.4.13 builds on the same fixtures, and its ``libra_score``
(a score per document length) equals lm-eval's for every task and many answer assignments.

Goldens: ``tools/make_libra_goldens.py``; fixtures: ``tools/make_libra_fixtures.py``.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

pytest.importorskip("pymorphy3", reason="LIBRA's scoring needs the pack's libra extra (pymorphy3)")

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "libra_requests.json")
SCORES = load_goldens(GOLDEN / "libra_scores.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("task_name", sorted({r["task"] for r in SCORES}))
def test_libra_score_by_length_matches_reference(task_name, build):
    task, _ = build(task_name, None)
    docs = list(task.eval_docs)
    aggregate = task.aggregations["libra_score"]
    for record in (r for r in SCORES if r["task"] == task_name):
        items = [task.process_results(doc, [answer])["libra_score"]
                 for doc, answer in zip(docs, record["answers"], strict=True)]
        got = aggregate(items)
        assert got.keys() == record["libra_score"].keys()
        assert all(math.isclose(got[k], v, abs_tol=1e-12) for k, v in record["libra_score"].items()), (got, record)


def test_valid_pages_keeps_those_lengths():
    from lmeval_tasks_longcontext.libra.scoring import filter_dataset_by_page_lengths

    rows = filter_dataset_by_page_lengths(dataset_name="passkey", valid_pages=["16p"], version=0.0)["test"]
    assert {row["length"] for row in rows} == {"16p"} and len(rows) == 2
