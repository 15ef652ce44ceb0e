"""Write the offline mirror of MMLU-SR (``NiniCat/MMLU-SR``). Its tasks read header-less CSV files
of the repository through ``dataset_kwargs.data_files``; the mirror (lmeval's and the parity
benchmark's reader of lm-eval alike) serves a hub dataset from ``<hub id>/default/<split>.jsonl``
whatever its data files, so every MMLU-SR task reads the same invented rows here: the columns the
task names (``question``, ``choice1``..``choice4``, ``answer``), an empty choice (None) and
answers with white space around the letter. Splits ``test`` (4 rows) and ``train`` (5).

    .venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_mmlusr_fixtures.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_fixtures import ROOT, write  # noqa: E402

HUB_ID = "NiniCat/MMLU-SR"


def rows(split: str, n: int) -> list[dict]:
    return [{
        "question": f" Suppose 'Zorp' means a prime number. {split} question {i}: which Zorp is listed?\n",
        "choice1": f"Zorp {i}1", "choice2": None if i == 2 else f"Zorp {i}2", "choice3": f"Zorp {i}3",
        "choice4": f"Zorp {i}4", "answer": [" A", "B ", "C", "D"][(i * 3 + len(split)) % 4],
    } for i in range(n)]


def main() -> None:
    shutil.rmtree(ROOT / HUB_ID, ignore_errors=True)
    write(HUB_ID, None, "test", rows("test", 4))
    write(HUB_ID, None, "train", rows("train", 5))


if __name__ == "__main__":
    main()
