"""TMLU (``tmlu_*``): the first document's requests (four- and five-option exams, few-shot from
``dev``) and the stand-in answers' scores equal lm-eval 0.4.13's on the same fixtures.

Goldens: ``golden/tmlu.json``, from ``tools/make_exam_goldens.py tmlu`` (run under lm-eval)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "tmlu.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
