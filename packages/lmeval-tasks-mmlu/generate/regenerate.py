"""Regenerate every task config of the pack: ``python packages/lmeval-tasks-mmlu/generate/regenerate.py``."""

from __future__ import annotations

from pathlib import Path

import arabic_african
import arabic_dialects
import chinese
import global_mmlu
import greekmmlu
import kmmlu
import mmlu
import mmlu_pro_plus
import mmlu_redux
import mmlu_variants
import openai_mmmlu
import tmmluplus
import turkishmmlu
from _common import TASKS_ROOT

GENERATORS = (mmlu, mmlu_variants, mmlu_redux, global_mmlu, kmmlu, greekmmlu, chinese, arabic_african, arabic_dialects,
              turkishmmlu, tmmluplus, openai_mmmlu, mmlu_pro_plus)


def main(root: Path = TASKS_ROOT) -> None:
    for module in GENERATORS:
        module.main(root)


if __name__ == "__main__":
    import sys

    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT)
