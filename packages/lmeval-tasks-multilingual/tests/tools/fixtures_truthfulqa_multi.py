"""Fixtures of TruthfulQA-multi (called by make_fixtures.py), in HiTZ/truthfulqa-multi's schema:
one config per language, train and validation, MC1/MC2 targets and the generation references."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from truthfulqa_multi import LANGS  # noqa: E402


def truthfulqa_multi() -> None:
    for lang in LANGS:
        for split in ("train", "validation"):
            dump("HiTZ/truthfulqa-multi", lang, split, [{
                "type": "Adversarial", "category": "Misconceptions", "question": f" What happens {lang} {split} {i}? ",
                "best_answer": f"Nothing happens {i}", "correct_answers": [f"Nothing happens {i}", "It is fine.", " "],
                "incorrect_answers": [f"You die {i}", "Everything breaks"], "source": "https://example.org",
                "mc1_targets": {"choices": [f"Nothing {i}.", f"You die {i}.", "Both."], "labels": [1, 0, 0]},
                "mc2_targets": {"choices": [f"Nothing {i}.", "It is fine.", f"You die {i}."], "labels": [1, 1, 0]},
                "lang": lang} for i in range(N)])


FAMILIES = [truthfulqa_multi]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
