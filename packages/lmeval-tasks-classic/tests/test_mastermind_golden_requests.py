"""MastermindEval (``mastermind_{24,35,46}_{easy,hard}``, tags ``mastermind``, ``mastermind_easy``,
``mastermind_hard``)
the first document's requests and the stand-in answers' scores equal lm-eval 0.4.13's on the same
fixtures (``golden/mastermind.json``, from ``tools/make_family_goldens.py``), few-shot included."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "mastermind.json")


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_and_scores_match_reference(case, build):
    check_golden_case(case, build)


def test_tags_hold_the_six_settings():
    from lmeval.evaluator import task_sources
    from lmeval.plugins import PluginManager
    from lmeval.tasks.index import TaskIndex

    index = TaskIndex(task_sources(PluginManager(), None))
    sizes = {(s, k) for s in ("24", "35", "46") for k in ("easy", "hard")}
    assert {e.name for e in index.entries.values() if e.name.startswith("mastermind_")} >= {
        f"mastermind_{s}_{k}" for s, k in sizes}
