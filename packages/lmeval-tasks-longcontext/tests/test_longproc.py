"""LongProc builds lm-eval 0.4.13's requests on the same fixtures and scores every fixture document
of one task per family, for every scripted answer, as lm-eval does; countdown equations are
arithmetic, never Python.

Goldens: ``tools/make_longproc_goldens.py``; fixtures: ``tools/make_longproc_fixtures.py``.
"""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
REQUESTS = load_goldens(GOLDEN / "longproc_requests.json")
SCORES = load_goldens(GOLDEN / "longproc_scores.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize("task_name", sorted({r["task"] for r in SCORES}))
def test_scores_match_reference(task_name, build):
    if "pseudo_to_code" in task_name and shutil.which("g++") is None:
        pytest.skip("pseudo_to_code compiles the answer with g++, which this machine lacks")
    task, _ = build(task_name, None)
    docs = list(task.eval_docs)
    for record in (r for r in SCORES if r["task"] == task_name):
        for answer, expected in zip(record["answers"], record["results"], strict=True):
            got = task.process_results(docs[record["doc_id"]], [answer])
            assert got.keys() == expected.keys()
            assert all(math.isclose(got[k], v, abs_tol=1e-12) for k, v in expected.items()), (answer, got, expected)


@pytest.mark.parametrize("equation", ["__import__('os') + 1 = 5", "2 / 0 = 5", "(lambda: 5)() = 5", "2 ** 99 = 1"])
def test_countdown_equations_are_never_run_as_python(equation):
    """lm-eval calls ``eval`` on the equation (a crash or the model's code running); lmeval scores 0."""
    from lmeval_tasks_longcontext.longproc.procedures import countdown_solution_ok

    assert countdown_solution_ok([2, 3, 4, 5], 25, f"{equation}\n5 * 4 = 20\n20 + 5 = 25") is False


def test_a_valid_countdown_solution_counts():
    from lmeval_tasks_longcontext.longproc.procedures import countdown_solution_ok

    assert countdown_solution_ok([2, 3, 4, 5], 25, "2 + 3 = 5\n5 * 4 = 20\n20 + 5 = 25")
    assert countdown_solution_ok([8, 2, 1, 3], 11, "8 / 2 = 4\n4 * 3 = 12\n12 - 1 = 11")
