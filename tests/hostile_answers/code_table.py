"""Print the hostile-answer table of the code tasks: attempts per task, and pass@1 with the
default isolation and with LMEVAL_SANDBOX_ISOLATE=0 (mean over attempts, and how many passed).

    .venv/bin/python tests/hostile_answers/code_table.py [task ...]

Each attempt is scored on its own fixture document with the task's filter and metric
(code_corpus.score); a correct sandbox prints 0.000 and 0 passing everywhere.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import code_corpus as corpus  # noqa: E402


def _column(task: str, isolate: str) -> tuple[float, list[str]]:
    os.environ["LMEVAL_SANDBOX_ISOLATE"] = isolate
    batch = corpus.attempts(task)
    passed = corpus.passing(task, batch)
    return len(passed) / len(batch), passed


def main(tasks: list[str]) -> int:
    logging.disable(logging.WARNING)  # the sandbox's missing-layer warnings; the table says it all
    print("| task | attempts | pass@1, isolation | passing | pass@1, LMEVAL_SANDBOX_ISOLATE=0 | passing |")
    print("|---|---:|---:|---:|---:|---:|")
    bad = 0
    for task in tasks or corpus.TASKS:
        n = len(corpus.attempts(task))
        on, on_passed = _column(task, "1")
        off, off_passed = _column(task, "0")
        bad += len(on_passed) + len(off_passed)
        print(f"| {task} | {n} | {on:.3f} | {len(on_passed)} | {off:.3f} | {len(off_passed)} |", flush=True)
        for name in sorted(set(on_passed) | set(off_passed)):
            print(f"|   passing: {name} | | | | | |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
