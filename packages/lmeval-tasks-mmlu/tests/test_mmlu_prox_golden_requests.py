"""MMLU-ProX (``mmlu_prox_<lang>_<category>``, ``mmlu_prox_lite_...``): the first document's
requests (the language's chain-of-thought prompt, five worked examples of the category, the stop
sequences) and the stand-in answers' scores equal lm-eval 0.4.13's on the same fixtures.

Goldens: ``golden/mmlu_prox.json``, from ``tools/make_exam_goldens.py mmlu_prox`` (run under lm-eval)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "mmlu_prox.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
