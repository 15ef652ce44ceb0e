"""Shared fixtures: this pack's offline dataset mirror and lmeval-testkit's request builder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

MIRROR = Path(__file__).resolve().parent / "fixtures" / "datasets"


@pytest.fixture(autouse=True)
def _offline_mirror(lmeval_offline_mirror):
    """Hub datasets come from this pack's fixture mirror; the index cache stays in tmp."""
    lmeval_offline_mirror(MIRROR)


@pytest.fixture(autouse=True)
def _without_bert_score(request, monkeypatch):
    """cnn_dailymail_abisee adds BERTScore when bert-score is installed (the test venv has it
    for DarijaBench), and its model is a Hub download: the goldens and every other test score
    as lm-eval does without the library. ``@pytest.mark.bert_score`` tests serve a stand-in."""
    if request.node.get_closest_marker("bert_score") is None:
        monkeypatch.setitem(sys.modules, "bert_score", None)
    for module in list(sys.modules.values()):
        try:  # only plain module dicts: some namespaces (torch.classes) raise on any attribute
            clear = getattr(vars(module).get("_bert_score"), "cache_clear", None)
        except TypeError:
            continue
        if clear is not None:
            clear()


def pytest_configure(config):
    config.addinivalue_line("markers", "bert_score: the test may import bert-score (see conftest)")


@pytest.fixture(scope="session")
def build(lmeval_build_requests):
    """``build(name, num_fewshot=None) -> (task, instances of the first document)``."""
    return lmeval_build_requests
