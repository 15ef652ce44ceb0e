"""KMMLU-HARD (``kmmlu_hard_*``, ``kmmlu_direct_hard_*``, ``kmmlu_cot_hard_*``): the first
document's requests (few-shot blocks from ``dev`` or the subject's worked examples) and the
stand-in answers' scores equal lm-eval 0.4.13's on the same fixtures.

Goldens: ``golden/kmmlu_hard.json``, from ``tools/make_exam_goldens.py kmmlu_hard`` (run under lm-eval)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "kmmlu_hard.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
