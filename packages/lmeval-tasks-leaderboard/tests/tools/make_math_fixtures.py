"""Write the offline mirror of the MATH datasets (``tests/fixtures/datasets/<hub id>/<config>/
<split>.jsonl``): invented problems in each dataset's schema.

    .venv/bin/python packages/lmeval-tasks-leaderboard/tests/tools/make_math_fixtures.py

* ``EleutherAI/hendrycks_math`` (minerva_math, hendrycks_math): the seven subject configs,
  splits ``train`` and ``test``; ``problem``, ``level``, ``type``, ``solution``.
* ``DigitalLearningGmbH/MATH-lighteval`` (leaderboard_math_*_hard): the same columns in its
  order (``problem``, ``level``, ``solution``, ``type``); Level 5 rows and others, which the
  tasks drop.
* ``HuggingFaceH4/MATH-500`` (the ``*_math500`` tasks): config ``default``, split ``test``;
  ``problem``, ``solution``, ``answer``, ``subject``, ``level`` (an integer), ``unique_id``.

Each problem names its answer in a phrase that ``benchmarks/scripted/math.py`` recognises, so
the parity benchmark's scripted model answers it in equivalent and wrong forms. Solutions box
their answers as MATH does: ``\\boxed{...}`` (nested braces), ``\\boxed 7``, two boxes (the
last counts), units, degrees, percent, dollars, thousands separators, text answers.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from lmeval_tasks_leaderboard.math.boxed import boxed_answer

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"

SUBJECTS = {
    "algebra": "Algebra", "counting_and_probability": "Counting & Probability", "geometry": "Geometry",
    "intermediate_algebra": "Intermediate Algebra", "number_theory": "Number Theory",
    "prealgebra": "Prealgebra", "precalculus": "Precalculus",
}

#: (problem, solution); each problem holds the phrase benchmarks/scripted/math.py keys on
PROBLEMS = (
    ("A disk is painted so that one half of its area is red. What fraction of the disk is red?",
     "The red part is $\\frac{1}{2}$ of the disk, so the answer is $\\boxed{\\frac{1}{2}}$."),
    ("How many ways can four distinct books be lined up on a shelf?",
     "There are $4! = 24$ orders, so the answer is $\\boxed{24}$."),
    ("Find the domain of the function $f(x) = \\frac{\\sqrt{x-2}}{\\sqrt{5-x}}$.",
     "We need $x \\ge 2$ and $x < 5$, so the domain is $\\boxed{[2,5)}$."),
    ("What is the length of the diagonal of a unit cube?",
     "By the Pythagorean theorem in three dimensions the diagonal is $\\boxed{\\sqrt{3}}$."),
    ("Solve the system $x + y = -1$ and $x - y = 3$. Give the ordered pair $(x, y)$.",
     "Adding gives $2x = 2$, so $x = 1$ and $y = -2$: the solution is $\\boxed{(1,-2)}$."),
    ("A ribbon 30 cm long is cut into three equal pieces. How long is each piece?",
     "Each piece is $30/3 = 10$ cm long, that is $\\boxed{10\\text{ cm}}$."),
    ("What is the smallest angle of a 30-60-90 triangle, in degrees?",
     "The smallest angle is $\\boxed{30^\\circ}$."),
    ("A price rises from 100 dollars to 105 dollars. By what percent did it rise?",
     "The rise is $5$ of $100$, so the price rose by $\\boxed{5\\%}$."),
    ("Two tickets cost 6.25 dollars each. How much do they cost together?",
     "Together they cost $2 \\cdot 6.25 = \\boxed{\\$12.50}$."),
    ("How many grams are in one kilogram?",
     "A kilogram is a thousand grams: $\\boxed{1,000}$."),
    ("Expand the square of the binomial $x+1$.",
     "$(x+1)^2 = \\boxed{x^2+2x+1}$."),
    ("If $3a = -2b$ and $b \\neq 0$, find $\\frac{a}{b}$.",
     "Dividing by $3b$ gives $\\frac{a}{b} = \\boxed{-\\frac{2}{3}}$."),
    ("How many days are in a week?",
     "A week has seven days, so the answer is $\\boxed 7$."),
    ("Which of the options (A) 1, (B) 2, (C) 3 is the number of sides of a triangle?",
     "A triangle has three sides, so the answer is $\\boxed{\\text{(C)}}$."),
    ("What is the cube root of two written with a radical?",
     "First we try $\\boxed{2}$, which is wrong; the cube root of two is $\\boxed{\\sqrt[3]{2}}$."),
    ("What is the radian measure of a 45-degree angle?",
     "$45^\\circ$ is one eighth of $2\\pi$, that is $\\boxed{\\frac{\\pi}{4}}$."),
)
LEVELS = ("Level 5", "Level 3", "Level 5", "Level 1", "Level 5", "Level 5", "Level 2", "Level 5")


def _rows(subject: str, split: str) -> list[dict]:
    shift = (list(SUBJECTS).index(subject) * 5 + (0 if split == "test" else 11)) % len(PROBLEMS)
    count = 12 if split == "test" else 4
    rows = []
    for i in range(count):
        problem, solution = PROBLEMS[(shift + i) % len(PROBLEMS)]
        rows.append({"problem": problem, "level": LEVELS[i % len(LEVELS)], "type": SUBJECTS[subject],
                     "solution": solution})
    return rows


def _write(dataset: str, config: str, split: str, rows: list[dict]) -> None:
    path = MIRROR / dataset / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def _math500() -> list[dict]:
    rows = []
    for i, (problem, solution) in enumerate(PROBLEMS):
        subject = list(SUBJECTS)[i % len(SUBJECTS)]
        answer = boxed_answer(solution)
        rows.append({"problem": problem, "solution": solution, "answer": answer, "subject": SUBJECTS[subject],
                     "level": 1 + i % 5, "unique_id": f"test/{subject}/{100 + i}.json"})
    return rows


def main() -> None:
    for dataset in ("EleutherAI/hendrycks_math", "DigitalLearningGmbH/MATH-lighteval", "HuggingFaceH4/MATH-500"):
        shutil.rmtree(MIRROR / dataset, ignore_errors=True)
    for subject in SUBJECTS:
        for split in ("train", "test"):
            rows = _rows(subject, split)
            _write("EleutherAI/hendrycks_math", subject, split, rows)
            lighteval = [{"problem": r["problem"], "level": r["level"], "solution": r["solution"], "type": r["type"]}
                         for r in rows]
            _write("DigitalLearningGmbH/MATH-lighteval", subject, split, lighteval)
    _write("HuggingFaceH4/MATH-500", "default", "test", _math500())


if __name__ == "__main__":
    main()
