from __future__ import annotations

import pytest
from ml_data import FIXTURES


@pytest.fixture(autouse=True)
def _offline_mirror(monkeypatch, tmp_path_factory):
    """Hub datasets come from the fixture mirror; the task index cache stays in the test's tmp."""
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(FIXTURES))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))
