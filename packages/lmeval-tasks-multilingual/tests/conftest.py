from __future__ import annotations

import pytest
from ml_data import FIXTURES


@pytest.fixture(autouse=True)
def _offline_mirror(lmeval_offline_mirror):
    """Hub datasets come from the fixture mirror; the task index cache stays in the test's tmp."""
    lmeval_offline_mirror(FIXTURES)
