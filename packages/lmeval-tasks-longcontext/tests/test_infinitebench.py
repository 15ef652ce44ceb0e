"""InfiniteBench builds lm-eval 0.4.13's request for every task on the same fixtures, and scores
every fixture document and scripted answer (each official rule's branches) as lm-eval does.

Goldens: ``tools/make_infinitebench_goldens.py``; fixtures: ``tools/make_infinitebench_fixtures.py``.
"""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "infinitebench_requests.json")
SCORES = load_goldens(GOLDEN / "infinitebench_scores.json")
SCRIPTED = Path(__file__).resolve().parents[3] / "benchmarks" / "scripted" / "infinitebench.py"


def _answers() -> tuple[str, ...]:
    spec = importlib.util.spec_from_file_location("infinitebench_scripted", SCRIPTED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ANSWERS


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("task_name", sorted({r["task"] for r in SCORES}))
def test_scores_match_reference(task_name, build):
    task, _ = build(task_name, None)
    docs, answers = list(task.eval_docs), _answers()
    records = [r for r in SCORES if r["task"] == task_name]
    assert len(records) == len(docs)
    for record in records:
        got = [task.process_results(docs[record["doc_id"]], [a])["score"] for a in answers]
        assert all(math.isclose(g, e, abs_tol=1e-12) for g, e in zip(got, record["scores"], strict=True)), \
            (record["doc_id"], got, record["scores"])
