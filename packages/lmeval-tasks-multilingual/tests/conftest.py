from __future__ import annotations

import json
from pathlib import Path

import pytest

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures"
GOLDEN = json.loads((HERE / "golden" / "requests.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _offline_mirror(monkeypatch, tmp_path_factory):
    """Hub datasets come from the fixture mirror; the task index cache stays in the test's tmp."""
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(FIXTURES))
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


def rows(hub: str, config: str, split: str) -> list[dict]:
    path = FIXTURES / hub / config / f"{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
