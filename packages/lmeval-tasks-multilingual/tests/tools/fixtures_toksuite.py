"""Fixtures of TokSuite (called by make_fixtures.py): one config per variant of each set, test
split, in the schema of toksuite/toksuite_<set> (question, choices, answer index)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from toksuite import VARIANTS  # noqa: E402


def toksuite() -> None:
    for lang, (_, variants) in VARIANTS.items():
        for variant, _, _ in variants:
            name = f"toksuite_{lang}_{variant}"
            dump(f"toksuite/toksuite_{lang}", name, "test", [{
                "id": i, "question": f"  The {variant} question {i} of {lang} ends with ",
                "choices": [f"answer {k} of {i}" for k in range(4)], "answer": (i + 2) % 4,
            } for i in range(N)])


FAMILIES = [toksuite]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
