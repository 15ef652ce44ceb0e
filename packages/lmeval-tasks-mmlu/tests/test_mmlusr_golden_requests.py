"""MMLU-SR (``mmlusr_{answer_only,question_only,question_and_answer}_*``): the first document's
requests and the stand-in answers' scores equal lm-eval 0.4.13's on the same fixtures (an empty
choice, an answer letter with white space around it).

Goldens: ``golden/mmlusr.json``, from ``tools/make_exam_goldens.py mmlusr`` (run under lm-eval)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "mmlusr.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
