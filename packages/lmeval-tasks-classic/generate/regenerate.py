"""Regenerate the pack's generated task configs: ``python packages/lmeval-tasks-classic/generate/regenerate.py [root]``.

Generated: babilong, acpbench, super_glue, gsm8k_cot_variants, gsm8k_platinum, gsm_plus, mathqa. The other folders are written by hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

import acpbench
import babilong
import gsm8k
import gsm_plus
import mathqa
import super_glue
from _common import TASKS_ROOT

GENERATED_FOLDERS = ("babilong", "acpbench", "super_glue", "gsm8k_cot_variants", "gsm8k_platinum", "gsm_plus",
                     "mathqa")


def main(root: Path = TASKS_ROOT) -> None:
    babilong.main(root)
    acpbench.main(root)
    acpbench.main_gen(root)
    super_glue.main(root)
    gsm8k.main(root)
    gsm_plus.main(root)
    mathqa.main(root)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT)
