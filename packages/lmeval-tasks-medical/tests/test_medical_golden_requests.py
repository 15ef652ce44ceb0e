"""MedConceptsQA, HEAD-QA, Glianorex, KorMedMCQA and the perplexity tasks build, for their first
document, exactly the requests lm-eval 0.4.13 builds on the same data (few-shot blocks, choices,
generation arguments, rolling texts), and score them alike (``tools/make_goldens.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lmeval_testkit.goldens import check_golden_case, golden_id, load_goldens

GOLDEN = load_goldens(Path(__file__).parent / "golden" / "requests.json")


def test_the_golden_slice_covers_each_runnable_folder():
    folders = {"med_concepts_qa", "headqa", "glianorex", "kormedmcqa", "meddialog", "mediqa_qa2019",
               "medtext", "mts_dialog", "olaph"}
    assert {f for f in folders if any(c["task"].startswith(f) for c in GOLDEN)} == folders


@pytest.mark.parametrize("case", GOLDEN, ids=golden_id)
def test_first_document_requests_match_reference(case, build):
    check_golden_case(case, build)


OPEN_GOLDEN = load_goldens(Path(__file__).parent / "golden" / "open_requests.json")


@pytest.fixture
def scoring_libraries_stubbed(monkeypatch):
    """Request building never scores: without the ``open-answers`` extra, an empty ``evaluate``
    module lets the scoring helper import (its metrics load on first use only)."""
    import importlib.util
    import sys
    import types

    stubbed = importlib.util.find_spec("evaluate") is None
    if stubbed:
        monkeypatch.setitem(sys.modules, "evaluate", types.ModuleType("evaluate"))
    yield
    if stubbed:  # the helper bound to the stub must not serve a later test
        sys.modules.pop("lmeval_tasks_medical.open_metrics", None)


@pytest.mark.parametrize("case", OPEN_GOLDEN, ids=golden_id)
def test_free_answer_requests_match_reference(case, build, scoring_libraries_stubbed):
    assert "process_results" not in case
    check_golden_case(case, build)
