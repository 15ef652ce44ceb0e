"""Write golden requests of the MATH families with lm-eval 0.4.13, on the fixtures.

    PYTHONPATH=.venv/lmeval-math-libs benchmarks/.work/ref-venv/bin/python \\
        packages/lmeval-tasks-leaderboard/tests/tools/make_math_goldens.py

lm-eval's own task definitions build the first document of each case from the offline mirror
and score it with :mod:`lmeval_testkit.goldens`' stand-in answer; the output,
``tests/golden/math_requests.json``, is committed (the tests need no lm-eval).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

CASES = [
    # zero-shot MATH prompt, the MATH-500 columns, few-shot examples drawn from train
    "hendrycks_math_algebra", "hendrycks_math500", ("hendrycks_math_geometry", 2),
    # the four Minerva examples (a target: the whole solution), fewer of them, MATH-500
    "minerva_math_algebra", "minerva_math_precalc", ("minerva_math_num_theory", 2), "minerva_math500",
    # the leaderboard's copy of the examples, its Level 5 filter, 1,024 new tokens
    "leaderboard_math_algebra_hard", "leaderboard_math_precalculus_hard",
]

if __name__ == "__main__":
    write_goldens(CASES, HERE.parent / "fixtures" / "datasets", HERE.parent / "golden" / "math_requests.json")
