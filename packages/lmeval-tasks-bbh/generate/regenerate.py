"""Regenerate every task config of the pack: ``python packages/lmeval-tasks-bbh/generate/regenerate.py``."""

from __future__ import annotations

from pathlib import Path

import agieval
import aime
import arithmetic
import bbh
import bigbench
import reading
import readme
from _common import TASKS_ROOT


def main(root: Path = TASKS_ROOT) -> None:
    bbh.main(root)
    bigbench.main(root)
    agieval.main(root)
    aime.main(root)
    arithmetic.main(root)
    reading.main(root)
    readme.main(root == TASKS_ROOT)


if __name__ == "__main__":
    import sys

    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT)
