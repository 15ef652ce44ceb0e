"""Helpers shared by the whole-system tests (a unique module name: every package's tests run in one pytest)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CUSTOM = ROOT / "tests" / "custom_task"


def run_cli(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m lmeval ARGS`` and capture its output."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "lmeval", *args], capture_output=True, text=True,
                          env=full_env, cwd=cwd or ROOT, timeout=300)
