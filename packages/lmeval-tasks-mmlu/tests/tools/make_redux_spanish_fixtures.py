"""Write the offline mirror of the Spanish MMLU-Redux (``amias-mx/mmlu-redux-2.0-spanish``):
invented rows in its schema (MMLU-Redux 2.0's ``question``, ``choices``, ``answer`` index and its
annotation columns), one config per MMLU subject, split ``test`` (2-4 rows). Only this hub id is
replaced.

    .venv/bin/python packages/lmeval-tasks-mmlu/tests/tools/make_redux_spanish_fixtures.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "generate")]

import mmlu  # noqa: E402
from make_fixtures import ROOT, n_test, write  # noqa: E402

HUB_ID = "amias-mx/mmlu-redux-2.0-spanish"


def rows(subject: str, n: int) -> list[dict]:
    tema = subject.replace("_", " ")
    return [{
        "question": f" Pregunta {i} sobre {tema}: ¿cuál es la opción {'primera' if i % 2 else 'última'}?\n",
        "choices": [f"{tema} opción {c}{i}" for c in "wxyz"],
        "answer": (i + len(subject)) % 4,
        "error_type": "ok", "source": f"https://example.org/{subject}/{i}", "correct_answer": None,
        "potential_reason": "",
    } for i in range(n)]


def main() -> None:
    shutil.rmtree(ROOT / HUB_ID, ignore_errors=True)
    for i, subject in enumerate(mmlu.SUBJECTS):
        write(HUB_ID, subject, "test", rows(subject, n_test(i + 1)))


if __name__ == "__main__":
    main()
