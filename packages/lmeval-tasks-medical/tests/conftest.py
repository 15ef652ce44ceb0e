"""Shared fixtures: this pack's offline dataset mirror and lmeval-testkit's request builder."""

from __future__ import annotations

from pathlib import Path

import pytest

MIRROR = Path(__file__).resolve().parent / "fixtures" / "datasets"


@pytest.fixture(autouse=True)
def _offline_mirror(lmeval_offline_mirror):
    """Hub datasets come from this pack's fixture mirror; the index cache stays in tmp."""
    lmeval_offline_mirror(MIRROR)


@pytest.fixture(scope="session")
def build(lmeval_build_requests):
    """``build(name, num_fewshot=None) -> (task, instances of the first document)``."""
    return lmeval_build_requests
