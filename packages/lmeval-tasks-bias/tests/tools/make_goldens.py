"""Write this pack's golden requests with the reference tool, lm-eval 0.4.13, on its fixtures.

    benchmarks/.work/ref-venv/bin/python packages/lmeval-tasks-bias/tests/tools/make_goldens.py

lm-eval's own task definitions build the first document of each task in ``CASES`` from the
offline mirror in ``tests/fixtures/datasets`` and score it with the stand-in answers of
:mod:`lmeval_testkit.goldens`. The output, ``tests/golden/requests.json``, is committed; the
tests need no lm-eval.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "lmeval-testkit" / "src"))

from lmeval_testkit.goldens import write_goldens  # noqa: E402

# the whole language sets and one subset per language (its process_docs filter)
CASES = ["crows_pairs_english", "crows_pairs_french", "crows_pairs_english_race_color",
         "crows_pairs_french_autre", "crows_pairs_english_sexual_orientation"]


if __name__ == "__main__":
    write_goldens(CASES, HERE.parent / "fixtures" / "datasets", HERE.parent / "golden" / "requests.json")
