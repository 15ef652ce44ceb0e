"""CrowS-Pairs tasks build, for their first document, exactly the requests lm-eval 0.4.13 builds
on the same data (the subsets after their bias-type filter), and score them the same.

Goldens: ``tools/make_goldens.py``. ``benchmarks/task_parity.py --packs bias`` compares every task.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
