"""Spanish MMLU-Redux (``mmlu_redux_spanish``, ``mmlu_<subject>_generative_spanish``): the first
document's requests (``:`` as target delimiter) and the stand-in answers' scores equal lm-eval
0.4.13's on the same fixtures, lm-eval's misspelt task name included.

Goldens: ``golden/mmlu_redux_spanish.json``, from ``tools/make_exam_goldens.py mmlu_redux_spanish`` (run under lm-eval)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "mmlu_redux_spanish.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
