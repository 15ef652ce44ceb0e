"""Write Physics GRE's part of the offline mirror: ``shayekh/physics_gre`` configs
``physics_gre``, ``physics_gre_additional``, ``physics_gre_all`` (split ``test``), invented items in
the Hub columns, with an image item and two without an answer key (dropped by the task).
``python packages/lmeval-tasks-classic/tests/tools/physics_gre_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "shayekh" / "physics_gre"


def rows(config: str, n: int = 7) -> list[dict]:
    out = []
    for i in range(n):
        gold = (i + len(config)) % 5
        scores = {letter: int(j == gold) for j, letter in enumerate("ABCDE")}
        if i == 3:
            scores = {letter: 0 for letter in "ABCDE"}
        out.append({
            "input": f"  {config} item {i}: A mass m on a spring of constant k oscillates. Which expression "
                     f"gives quantity {i}?\n(A) sqrt(k/m)  (B) k/m  (C) 2*pi*sqrt(m/k)  (D) m/k  (E) {i}*k ",
            "target_scores": None if i == 5 else scores,
            "has_image": i == 1,
            "exam": f"GR{8677 + i % 3}", "question_number": i + 1,
        })
    return out


def main() -> None:
    for config in ("physics_gre", "physics_gre_additional", "physics_gre_all"):
        path = ROOT / config / "test.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r) + "\n" for r in rows(config)), encoding="utf-8")


if __name__ == "__main__":
    main()
