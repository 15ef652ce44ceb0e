"""Write SLR-Bench's part of the offline mirror: ``AIML-TUDA/SLR-Bench`` configs ``v1-All``,
``v1-Basic``, ``v1-Easy``, ``v1-Medium``, ``v1-Hard`` (train, validation, test), invented train
problems in the Hub columns. ``python packages/lmeval-tasks-classic/tests/tools/slr_bench_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "AIML-TUDA" / "SLR-Bench"


def rows(level: str, split: str, n: int = 2) -> list[dict]:
    return [{
        "id": i, "prompt": f"You are a train classifier ({level}, {split} {i}). Find a Prolog rule for eastbound/1.\n"
                           "eastbound(train0).\nhas_car(train0, car0_1).\nshort(car0_1).\nwestbound(train1).",
        "ground-truth rule": "eastbound(T) :- has_car(T, C), short(C).",
        "validation program": "eastbound(train0).\nhas_car(train0, car0_1).\nshort(car0_1).\nwestbound(train1).",
        "symbols": "has_car/2, short/1", "curriculum level": i + 1, "curriculum tier": level.lower(),
        "rule sampling": "uniform", "rule complexity": 1, "background sampling": "mirror", "problem size": 2,
        "vocabulary predicates": 5, "vocabulary car constants": 2,
    } for i in range(n)]


def main() -> None:
    for level in ("All", "Basic", "Easy", "Medium", "Hard"):
        for split in ("train", "validation", "test"):
            path = ROOT / f"v1-{level}" / f"{split}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("".join(json.dumps(r) + "\n" for r in rows(level, split)), encoding="utf-8")


if __name__ == "__main__":
    main()
