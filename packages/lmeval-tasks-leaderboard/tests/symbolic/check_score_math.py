"""SCORE's MATH tasks on the ``math`` extra: the ported grader agrees with lm-eval 0.4.13's own
verdicts (``golden/score_scorers.json``, ``tools/make_score_goldens.py``) and the tasks build
lm-eval's requests (``golden/score_requests.json``).

Not collected by the suite itself: ``test_score_math.py`` runs this file in a pytest of its own
whose ``sys.path`` holds the ANTLR 4.11 runtime (see ``check_math_symbolic.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
REQUESTS = [c for c in load_goldens(GOLDEN / "score_requests.json") if "_math_" in c["task"]]
SCORERS = load_goldens(GOLDEN / "score_scorers.json")


@pytest.mark.parametrize("case", REQUESTS, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


@pytest.mark.parametrize(("prediction", "reference", "equal"), SCORERS["math_equal"])
def test_math_equal_matches_lm_eval(prediction, reference, equal):
    from lmeval_tasks_leaderboard.score.grader import math_equal

    assert math_equal(prediction, reference) is equal


def test_normalisation_boxes_and_reference_answers_match_lm_eval():
    from lmeval_tasks_leaderboard.score.grader import extract_answer, normalize_answer_string
    from lmeval_tasks_leaderboard.score.math import reference_answer

    assert [[s, normalize_answer_string(s)] for s, _ in SCORERS["normalize_answer_string"]] == \
        SCORERS["normalize_answer_string"]
    assert [[g, extract_answer(g)] for g, _ in SCORERS["extract_answer"]] == SCORERS["extract_answer"]
    assert [[s, p, reference_answer(s, p)] for s, p, _ in SCORERS["reference_answer"]] == SCORERS["reference_answer"]
