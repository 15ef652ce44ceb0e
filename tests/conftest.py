"""Shared fixtures for whole-system tests."""

from __future__ import annotations

import pytest
from lmeval_system_helpers import CUSTOM


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Each test session gets its own index cache; the user's ~/.cache is never touched."""
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


@pytest.fixture
def mirror(monkeypatch):
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(CUSTOM / "mirror"))
    return CUSTOM / "mirror"
