"""Write the offline mirror rows of SCORE's AGIEval sets (``hails/agieval-<set>/default/test.jsonl``).

Four rows per set in the Hub schema (``query``, ``choices``, ``gold``): four or five options
written ``(A)x``, ``A x``, ``A? x`` or bare, a query with or without its ``Q: `` opening. SCORE's
MMLU-Pro reads ``make_qa_fixtures.py``'s rows, its MATH ``make_math_fixtures.py``'s. The rows are
invented; run ``python tests/tools/make_score_fixtures.py`` from the pack to rewrite them.
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parent.parent / "fixtures" / "datasets" / "hails"
SETS = ("aqua-rat", "logiqa-en", "lsat-ar", "lsat-lr", "lsat-rc", "sat-en", "sat-math")
STYLES = ("({x}){text}", "{x} {text}", "{x}? {text}", "{text}")


def row(name: str, i: int) -> dict:
    n = 5 if i % 2 else 4
    style = STYLES[i % 4]
    choices = [style.format(x="ABCDE"[j], text=f"{name} option {j} of {i}") for j in range(n)]
    query = f"({name}) Question {i}: which option holds? Answer Choices: " + " ".join(choices)
    query = ("Q: " if i != 2 else "") + query + "\nA: Among A through E, the answer is"
    return {"query": query, "choices": choices, "gold": [(i * 3 + len(name)) % n]}


def main() -> None:
    for name in SETS:
        path = MIRROR / f"agieval-{name}" / "default" / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(row(name, i)) + "\n" for i in range(4)), encoding="utf-8")


if __name__ == "__main__":
    main()
