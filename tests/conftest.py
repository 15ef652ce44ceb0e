"""Shared fixtures for whole-system tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CUSTOM = ROOT / "tests" / "custom_task"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    """Each test session gets its own index cache; the user's ~/.cache is never touched."""
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "lmeval-cache"))


@pytest.fixture
def mirror(monkeypatch):
    monkeypatch.setenv("LMEVAL_DATASETS_DIR", str(CUSTOM / "mirror"))
    return CUSTOM / "mirror"


def run_cli(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m lmeval ARGS`` and capture its output."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          env=full_env, cwd=cwd or ROOT, timeout=300)
