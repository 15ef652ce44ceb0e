"""Every task of the pack builds, for its first document, exactly the requests lm-eval 0.4.13
builds on the same data (prompts with their few-shot blocks, continuations, stop sequences).

The golden file comes from ``tools/make_goldens.py`` (lm-eval's own task definitions run on
the fixtures of ``fixtures/datasets``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "requests.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)
