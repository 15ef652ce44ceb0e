"""Write this pack's golden requests with the reference tool, lm-eval 0.4.13, on its fixtures.

Run with the interpreter that has lm-eval 0.4.13 (and ``datasets``) installed::

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-classic/tests/tools/make_goldens.py

lm-eval's own task definitions build the first document of each case of ``golden_cases.py``
from the offline mirror in ``tests/fixtures/datasets`` (:mod:`lmeval_testkit.goldens`). The
output, ``tests/golden/requests.json``, is committed; the tests need no lm-eval.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[2] / "lmeval-testkit" / "src")]

from golden_cases import CASES  # noqa: E402
from lmeval_testkit.goldens import write_goldens  # noqa: E402

if __name__ == "__main__":
    write_goldens(CASES, HERE.parent / "fixtures" / "datasets", HERE.parent / "golden" / "requests.json")
