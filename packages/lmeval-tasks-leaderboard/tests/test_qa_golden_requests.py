"""GPQA, MMLU-Pro, MuSR and the leaderboard's BBH build, for their first document, exactly the
requests lm-eval 0.4.13 builds on the same data (prompts with their few-shot blocks, choices,
continuations, generation arguments) and score them alike.

The golden file comes from ``tools/make_qa_goldens.py`` (lm-eval's own task definitions on the
fixtures of ``fixtures/datasets``; GPQA's answers in the order of lm-eval's first read).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "qa_requests.json")


def test_every_task_of_the_families_has_a_golden():
    import sys

    sys.path.insert(0, str(Path(__file__).parent / "tools"))
    from qa_golden_cases import TASKS

    assert {c["task"] for c in GOLDEN} == set(TASKS)
    assert len(TASKS) == 15 + 3 + 14 + 1 + 3 + 24


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)
