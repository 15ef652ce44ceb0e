"""GraphWalks builds lm-eval 0.4.13's requests on the same fixtures and scores every fixture
document and scripted answer (both node-list parsers) as lm-eval does.

Goldens: ``tools/make_graphwalks_goldens.py``; fixtures: ``tools/make_graphwalks_fixtures.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "graphwalks_requests.json")
SCORES = load_goldens(GOLDEN / "graphwalks_scores.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


def test_scores_match_reference(build):
    task, _ = build("graphwalks_128k", None)
    docs = list(task.eval_docs)
    assert len(docs) == len(SCORES)
    for record in SCORES:
        got = [task.process_results(docs[record["doc_id"]], [a]) for a in record["answers"]]
        assert got == record["results"], record["doc_id"]


def test_a_task_without_data_file_is_refused():
    from lmeval.errors import UsageError
    from lmeval_tasks_longcontext.graphwalks import load_dataset

    with pytest.raises(UsageError, match="data_file"):
        load_dataset(version=0.0)
