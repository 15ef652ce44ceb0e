"""WMDP, ToxiGen, Winogender, simple co-occurrence bias and the model-written evaluations build,
for their first document, exactly the requests lm-eval 0.4.13 builds on the same data, and score
them the same. Goldens: ``tools/make_safety_goldens.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "safety_requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
