"""Run ``symbolic/check_score_math.py`` in a pytest of its own, on the ``math`` extra.

sympy's LaTeX parser needs antlr4-python3-runtime 4.11; tarski (lmeval-tasks-classic[acpbench])
pins 4.7.2 and the suite runs both packs in one process. ``ci-setup.sh`` installs the 4.11
runtime, math-verify and latex2sympy2_extended in ``<venv>/lmeval-math-libs``, put first on the
child's ``PYTHONPATH``; where the venv itself has the extra, the child uses it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

CHECKS = Path(__file__).parent / "symbolic" / "check_score_math.py"
OVERLAY = Path(sys.prefix) / "lmeval-math-libs"


def _venv_has_the_extra() -> bool:
    try:
        return version("antlr4-python3-runtime").startswith("4.11") and bool(version("math-verify"))
    except PackageNotFoundError:
        return False


def test_score_math_grader_and_requests_match_reference():
    env = dict(os.environ)
    if not _venv_has_the_extra():
        if not (OVERLAY / "math_verify").is_dir():
            pytest.skip("the math extra is not installed: pip install 'lmeval-tasks-leaderboard[math]' "
                        "(or run packages/lmeval-tasks-leaderboard/ci-setup.sh)")
        env["PYTHONPATH"] = os.pathsep.join([str(OVERLAY), *filter(None, [env.get("PYTHONPATH")])])
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(CHECKS)],
                          env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert " passed" in proc.stdout.splitlines()[-1], proc.stdout[-2000:]
