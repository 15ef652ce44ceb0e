"""The families with their own golden files build, for their first document, the requests lm-eval
0.4.13 builds from its own YAML on the same fixtures, and score the same stand-in answers alike
(tests/golden/<family>.json, written by tests/tools/make_family_goldens.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "tools"))

from family_golden_cases import CASES  # noqa: E402

FILES = {family: HERE / "golden" / f"{family}.json" for family in CASES}
GOLDEN = [case for path in FILES.values() if path.exists() for case in load_goldens(path)]


def test_every_case_has_its_golden_record():
    """A family or case added to family_golden_cases.py without rerunning the maker fails here."""
    assert not [p.name for p in FILES.values() if not p.exists()], "run tests/tools/make_family_goldens.py"
    wanted = sorted(c if isinstance(c, str) else c[0] for cases in CASES.values() for c in cases)
    assert sorted(g["task"] for g in GOLDEN) == wanted


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, lmeval_build_requests):
    check_golden_case(case, lmeval_build_requests)
