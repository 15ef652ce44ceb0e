"""The scorers that need the ``math`` extra (sympy's LaTeX parser on antlr4 4.11, math-verify)
agree with lm-eval 0.4.13's, and minerva_math and leaderboard_math_*_hard build its requests.

Not collected by the suite itself: ``test_math_symbolic.py`` runs this file in a pytest of its
own whose ``sys.path`` holds the 4.11 runtime (``ci-setup.sh``), since tarski, in the same test
venv, pins 4.7.2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lmeval_tasks_leaderboard.math import symbolic
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
SCORERS = json.loads((GOLDEN / "math_scorers.json").read_text(encoding="utf-8"))
REQUESTS = [c for c in load_goldens(GOLDEN / "math_requests.json") if not c["task"].startswith("hendrycks")]


def test_the_libraries_are_those_of_the_extra():
    sympy, math_verify = symbolic.require_libraries("the tests")
    assert sympy.__name__ == "sympy" and math_verify.__name__ == "math_verify"


def test_sympy_equivalence_matches_reference():
    # lm-eval's minerva is_equiv: identical non-empty strings, else sympy
    got = [[a, b, bool(a) and a == b or symbolic.sympy_equal(a, b, seconds=5)] for a, b, _ in SCORERS["sympy_equal"]]
    assert got == SCORERS["sympy_equal"]


def test_equivalent_forms_wrong_answers_and_malformed_latex():
    assert symbolic.sympy_equal("\\frac{1}{2}", "0.5", seconds=5)
    assert symbolic.sympy_equal("\\frac{\\pi}{4}", "\\pi/4", seconds=5)
    assert symbolic.sympy_equal("(x+1)^2", "x^2+2x+1", seconds=5)
    assert not symbolic.sympy_equal("\\frac{1}{3}", "0.5", seconds=5)
    assert not symbolic.sympy_equal("\\frac{1}{", "\\frac{1}{2}", seconds=5)  # a parse error is "no"
    assert not symbolic.sympy_equal("[2,5)", "[2,5)", seconds=5)  # intervals do not parse
    assert symbolic.verified("so $\\boxed{\\frac{1}{2}}$", "Final Answer: The final answer is $0.5$.")
    assert not symbolic.verified("so $\\boxed{\\frac{1}{2}}$", "The answer is $\\frac{1}{3}$.")
    assert not symbolic.verified("so $\\boxed{\\frac{1}{2}}$", "$\\frac{1}{$")


@pytest.mark.parametrize("family", ["minerva", "leaderboard"])
def test_process_results_match_reference(family):
    if family == "minerva":
        import lmeval_tasks_leaderboard.tasks.minerva_math.utils as utils
    else:
        from lmeval_tasks_leaderboard.tasks.leaderboard.math import utils
    docs = SCORERS["docs"][family]
    got = [[i, g, utils.process_results(docs[i], [g])] for i, g, _ in SCORERS["process_results"][family]]
    assert got == SCORERS["process_results"][family]


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
