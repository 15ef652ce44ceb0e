"""Write Putnam-AXIOM's part of the offline mirror: ``Putnam-AXIOM/putnam-axiom-dataset-ICML-2025-522``
(splits ``full_eval``, ``originals_for_generating_vars``, ``variations``), invented problems in the Hub
columns whose boxed answers the task-parity script answers in equivalent forms
(``benchmarks/scripted/math.py``'s phrases).
``python packages/lmeval-tasks-classic/tests/tools/putnam_axiom_fixtures.py``
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "fixtures" / "datasets" / "Putnam-AXIOM" / "putnam-axiom-dataset-ICML-2025-522"
PROBLEMS = [
    ("Expand the square of the binomial $(x+1)$.", "We expand: $(x+1)^2 = x^2+2x+1$, so $\\boxed{x^2+2x+1}$."),
    ("How many days are in a week?", "Count them: $\\boxed{7}$ days."),
    ("A square is cut along a diagonal; what fraction is one half of its area?",
     "Each triangle is $\\boxed{\\frac{1}{2}}$ of it."),
    ("Give the cube root of two.", "It is $\\boxed{\\sqrt[3]{2}}$."),
    ("What is $3+4$ in 2 hours?", "So the answer is \\boxed 7$ hours."),
]


def rows(split: str) -> list[dict]:
    out = []
    for i, (problem, solution) in enumerate(PROBLEMS):
        out.append({
            "year": 1990 + i, "id": f"{1990 + i}_{split}_A{i + 1}", "problem": f"[{split}] {problem}",
            "solution": solution, "answer_type": "Numerical" if i % 2 else "Expression",
            "source": "putnam", "type": "Algebra",
            "original_problem": problem if split == "variations" else None,
            "original_solution": solution if split == "variations" else None,
            "variation": 1 if split == "variations" and i != 3 else (2 if split == "variations" else 0),
        })
    return out


def main() -> None:
    for split in ("full_eval", "originals_for_generating_vars", "variations"):
        path = ROOT / "default" / f"{split}.jsonl"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("".join(json.dumps(r) + "\n" for r in rows(split)), encoding="utf-8")


if __name__ == "__main__":
    main()
