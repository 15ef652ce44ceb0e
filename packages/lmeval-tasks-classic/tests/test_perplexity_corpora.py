"""The perplexity corpora (pile, pile_10k, paloma, uncheatable_eval) build the rolling request
lm-eval 0.4.13 builds on the same fixtures, and count words and bytes as it does.

Goldens: ``tools/make_perplexity_goldens.py`` (lm-eval's own task definitions on the fixtures of
``tools/make_perplexity_fixtures.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval.tasks.index import TaskIndex
from lmeval_tasks_classic import TASKS_DIR
from lmeval_testkit.goldens import STAND_IN_ROLLING, check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "perplexity_requests.json")
SCORES = load_goldens(GOLDEN / "perplexity_scores.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_request_matches_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("task_name", sorted({r["task"] for r in SCORES}))
def test_every_document_is_scored_with_the_reference_counts(task_name, build):
    task, _ = build(task_name, None)
    docs = list(task.eval_docs)
    expected = [r for r in SCORES if r["task"] == task_name]
    assert len(docs) == len(expected)
    for record in expected:
        doc = docs[record["doc_id"]]
        assert task.doc_to_target(doc) == record["target"]
        got = {k: list(v) for k, v in task.process_results(doc, [STAND_IN_ROLLING]).items()}
        assert got == record["process_results"], record["doc_id"]


def test_uncheatable_eval_keeps_one_category_per_task(build):
    task, _ = build("uncheatable_eval_github_cpp", None)
    categories = {doc["category"] for doc in task.eval_docs}
    assert categories == {"github_cpp"}


def test_every_name_of_the_four_folders_is_listed():
    index = TaskIndex([(TASKS_DIR, "lmeval-tasks-classic")])
    tasks = [n for n in index.names("task") if n.startswith(("pile_", "paloma_", "uncheatable_eval_"))]
    assert len(tasks) == 22 + 1 + 16 + 15
    assert "uncheatable_eval" in index.names("group") and "paloma" in index.names("tag")
