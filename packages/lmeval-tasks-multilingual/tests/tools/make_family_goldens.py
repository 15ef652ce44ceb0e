"""Write the golden files of ``family_golden_cases.py`` with lm-eval 0.4.13 on the fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-multilingual/tests/tools/make_family_goldens.py [FAMILY ...]

lm-eval's own task definitions build the first document of each case from the offline mirror in
``tests/fixtures`` and score it with the stand-in answers (:mod:`lmeval_testkit.goldens`); one
``tests/golden/<family>.json`` per family, committed. The tests need no lm-eval.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from family_golden_cases import CASES  # noqa: E402
from lmeval_testkit.goldens import write_goldens  # noqa: E402

if __name__ == "__main__":
    for family in sys.argv[1:] or CASES:
        write_goldens(CASES[family], HERE.parent / "fixtures", HERE.parent / "golden" / f"{family}.json")
