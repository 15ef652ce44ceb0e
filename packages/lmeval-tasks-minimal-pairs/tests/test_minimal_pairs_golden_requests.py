"""A slice of every family builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data, and the same answers give the same per-document scores.

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures). ``benchmarks/task_parity.py --packs minimal-pairs`` compares every task.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "requests.json")


def test_the_slice_covers_every_family():
    names = {c["task"] for c in GOLDEN}
    assert {n.split("_")[0] for n in names} == {"blimp", "bhs", "zhoblimp", "turblimp",
                                                        "multiblimp", "lm"} and any("blimp_nl__" in n for n in names)


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
