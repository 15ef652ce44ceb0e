"""Write the offline mirror of KMMLU-HARD (``HAERAE-HUB/KMMLU-HARD``): invented rows in KMMLU's
schema (``question``, ``answer`` 1-4, ``A``..``D``, ``Category``, ``Human Accuracy``), one config
per subject slug (``accounting``), splits ``test`` (2-4 rows) and ``dev`` (5). Only this hub id is
replaced.

    .venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_kmmlu_hard_fixtures.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "generate")]

import kmmlu  # noqa: E402
from make_fixtures import ROOT, kmmlu_rows, n_test, write  # noqa: E402

HUB_ID = "HAERAE-HUB/KMMLU-HARD"


def main() -> None:
    shutil.rmtree(ROOT / HUB_ID, ignore_errors=True)
    for i, config in enumerate(kmmlu.SUBJECTS):
        name = kmmlu.slug(config)
        write(HUB_ID, name, "test", kmmlu_rows(config, "test", n_test(i + 1)))
        write(HUB_ID, name, "dev", kmmlu_rows(config, "dev", 5))


if __name__ == "__main__":
    main()
