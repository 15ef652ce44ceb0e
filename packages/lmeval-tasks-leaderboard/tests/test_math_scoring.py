"""The MATH scorers that need no optional library agree with lm-eval 0.4.13's on many answers
(``golden/math_scorers.json``: ``tools/make_math_scorer_goldens.py`` runs lm-eval's own helpers),
and hendrycks_math's tasks build lm-eval's requests. The sympy and math-verify halves are in
``test_math_symbolic.py``."""

from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval_tasks_leaderboard.math import hendrycks, minerva, symbolic
from lmeval_tasks_leaderboard.math.boxed import boxed_answer, last_boxed, unbox
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).parent / "golden"
SCORERS = json.loads((GOLDEN / "math_scorers.json").read_text(encoding="utf-8"))
REQUESTS = [c for c in load_goldens(GOLDEN / "math_requests.json") if c["task"].startswith("hendrycks")]


def test_final_answer_extraction_matches_reference():
    assert [minerva.final_answer(g) for g, _ in SCORERS["final_answer"]] == [a for _, a in SCORERS["final_answer"]]


@pytest.mark.parametrize("key, fn", [("normalize", minerva.normalize), ("normalize_original", minerva.normalize_original)])
def test_minerva_normal_forms_match_reference(key, fn):
    assert {a: fn(a) for a, _ in SCORERS[key]} == dict(SCORERS[key])


def test_boxed_answers_match_reference():
    for solution, boxed, content in SCORERS["boxed"]:
        assert last_boxed(solution) == boxed
        if isinstance(content, dict):
            with pytest.raises(ValueError):
                unbox(boxed)
        else:
            assert unbox(boxed) == content


def test_hendrycks_normal_forms_and_equivalence_match_reference():
    for answer, stripped in SCORERS["hendrycks_strip"]:
        if isinstance(stripped, dict):  # lm-eval raises: the raw strings are compared
            with pytest.raises(Exception):  # noqa: B017
                hendrycks.normalize(answer)
        else:
            assert hendrycks.normalize(answer) == stripped, answer
    got = [[a, g, hendrycks.equivalent(a, g)] for a, g, _ in SCORERS["hendrycks_equivalent"]]
    assert got == SCORERS["hendrycks_equivalent"]


def test_hendrycks_equivalent_forms_and_wrong_answers():
    assert hendrycks.equivalent("0.5", "\\frac{1}{2}")
    assert hendrycks.equivalent("\\dfrac12", "\\frac{1}{2}")
    assert hendrycks.equivalent("1/2", "\\frac{1}{2}")
    assert hendrycks.equivalent("10\\text{ cm}", "10")
    assert hendrycks.equivalent("x = \\left(1, 2\\right)", "(1,2)")
    assert not hendrycks.equivalent("\\frac{1}{3}", "\\frac{1}{2}")
    assert not hendrycks.equivalent("0.50", "\\frac{1}{2}")  # strings, not numbers
    # a rule that cannot apply: the raw strings decide
    assert hendrycks.equivalent("\\sqrt", "\\sqrt") and not hendrycks.equivalent("\\sqrt", "\\sqrt{}")
    assert not hendrycks.equivalent("a/b", "\\frac{a}{b}")


def test_hendrycks_process_results_match_reference():
    import lmeval_tasks_leaderboard.tasks.hendrycks_math.utils as utils

    docs = SCORERS["docs"]["hendrycks"]
    got = [[i, g, utils.process_results(docs[i], [g])] for i, g, _ in SCORERS["process_results"]["hendrycks"]]
    assert got == SCORERS["process_results"]["hendrycks"]


def test_a_solution_without_a_box_is_an_error():
    with pytest.raises(ValueError, match="no boxed answer"):
        boxed_answer("The answer is 4.")
    assert last_boxed("\\boxed{1 + \\frac{1}{2") is None


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_hendrycks_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_missing_or_wrong_antlr_runtime_names_the_extra(monkeypatch):
    def absent(name):
        raise PackageNotFoundError(name)

    monkeypatch.setattr(symbolic, "version", absent)
    with pytest.raises(UsageError, match=r"^minerva_math needs antlr4-python3-runtime 4.11 .*which is not "
                                         r"installed: pip install 'lmeval-tasks-leaderboard\[math\]'$"):
        symbolic.require_libraries("minerva_math")
    monkeypatch.setattr(symbolic, "version", lambda name: "4.7.2")
    with pytest.raises(UsageError, match=r"but 4.7.2 is installed: pip install 'lmeval-tasks-leaderboard\[math\]' "
                                         r"\(tarski"):
        symbolic.require_libraries("minerva_math")
