"""The pack's non-BBH families (BIG-bench, AGIEval, AIME, arithmetic, DROP, CoQA) build, for the
first document of each golden case, the requests lm-eval 0.4.13 builds on the same fixtures and
score them the same. Goldens: ``tools/make_reasoning_goldens.py``; every task is compared by
``benchmarks/task_parity.py --packs bbh``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "reasoning_requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
