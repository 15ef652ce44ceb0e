"""Fixtures of Global PIQA (called by make_fixtures.py): every language config, test split, in the
schema of mrlbenchmarks/global-piqa-{parallel,nonparallel} (prompt, solution0..n, label)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from global_piqa import SPLITS  # noqa: E402


def global_piqa() -> None:
    for split, (langs, letters) in SPLITS.items():
        for lang in langs:
            dump(f"mrlbenchmarks/global-piqa-{split}", lang, "test", [{
                "prompt": f"To keep the {lang} bread {i} fresh for a week,",
                **{f"solution{k}": f"option {k} for {lang} item {i}, wrapped {'well' if k % 2 else 'badly'}"
                   for k in range(len(letters))},
                "label": (i + 1) % len(letters),
            } for i in range(N)])


FAMILIES = [global_piqa]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
