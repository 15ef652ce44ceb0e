"""Write the offline mirror of TMLU (``miulab/tmlu``): invented rows in its schema (``question``,
``A``..``D``, ``E`` and ``F`` (null on the four-option exams), ``answer`` letter), one config per
exam, splits ``test`` (2-4 rows) and ``dev`` (5). Only this hub id is replaced.

    .venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_tmlu_fixtures.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "generate")]

import tmlu  # noqa: E402
from make_fixtures import ROOT, n_test, write  # noqa: E402

HUB_ID = "miulab/tmlu"


def rows(subject: str, split: str, n: int) -> list[dict]:
    name, _category, k = tmlu.SUBJECTS[subject]
    return [{
        "question": f" {name}{split}第{i}題：下列何者正確？\n" if i == 0 else f"{name}{split}第{i}題：何者錯誤？",
        **{letter: f"{name}選項{letter}{i}" for letter in "ABCD"},
        "E": f"{name}選項E{i}" if k == 5 else None, "F": None,
        "answer": "ABCDE"[(i + len(subject)) % k],
    } for i in range(n)]


def main() -> None:
    shutil.rmtree(ROOT / HUB_ID, ignore_errors=True)
    for i, subject in enumerate(tmlu.SUBJECTS):
        write(HUB_ID, subject, "test", rows(subject, "test", n_test(i)))
        write(HUB_ID, subject, "dev", rows(subject, "dev", 5))


if __name__ == "__main__":
    main()
