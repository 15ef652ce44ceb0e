"""Write SCORE's scorer goldens with lm-eval 0.4.13's own helpers (``golden/score_scorers.json``).

    PYTHONPATH=.venv/lmeval-math-libs benchmarks/.work/ref-venv/bin/python \\
        packages/lmeval-tasks-leaderboard/tests/tools/make_score_goldens.py

(the math libraries give sympy's LaTeX parser the ANTLR 4.11 runtime lm-eval's grader demands).
Records, for the inputs below: ``math_equal`` of answer pairs, ``normalize_answer_string``,
``extract_answer`` (last boxed), the reference answer MATH solutions give, and the letter
``__postprocess_pred`` reads from a generation.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "golden" / "score_scorers.json"

PAIRS = [
    ("\\frac{1}{2}", "\\frac12"), ("0.5", "\\frac{1}{2}"), ("50", "0.5"), ("24", "24.0"), ("1,000", "1000"),
    ("[2,5)", "[2,5)"), ("(1,-2)", "(1, -2)"), ("1,-2", "(1,-2)"), ("\\sqrt{3}", "\\sqrt3"), ("10", "10\\text{ cm}"),
    ("30", "30^\\circ"), ("5", "5\\%"), ("12.5", "\\$12.50"), ("x^2+2x+1", "(x+1)^2"), ("-\\frac{2}{3}", "-2/3"),
    ("\\frac{\\pi}{4}", "0.7853981"), ("7", "8"), ("\\text{(C)}", "C"), (None, "3"), ("", "0"), ("2", "\\sqrt[3]{2}"),
    ("x+11", "11+x"), ("3 \\frac{1}{2}", "3.5"), ("\\left( 3, 4 \\right)", "(3,4)"), ("2 million", "2000000"),
    ("Interval.open(1, 2)", "(1,2)"), ("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "Matrix([[1],[2]])"),
    ("Monday", "Monday"), ("5 days", "5"), ("x = 3", "3"), ("\\mathrm{cm}", "cm"), ("{5}", "5"),
]
STRINGS = ["\\left(1,2\\right)", "\\text{5 or 6}", "10\\mbox{ m}", "x \\in [0,1]", "\\frac 1 2", "\\frac1b",
           "3 1/2", "2\\frac{1}{4}", "1,234,567", "7_8", "\\$3.50", "45^{\\circ}", "3 hours", "\\sqrt2",
           "\\textbf{(A)}", "2 and 3", "{x}", "1.0000000001"]
GENERATIONS = ["So \\boxed{5}.", "\\boxed{\\frac{1}{2}} then \\boxed{3}", "no box", "\\boxed{{a}{b}}", "\\boxed 7",
               "\\boxed{unclosed"]
SOLUTIONS = [("so $\\boxed{7}$.", "How many?"), ("$\\boxed{2}$ or $\\boxed{2}$", "Twice?"),
             ("$\\boxed{1}$ and $\\boxed{2}$", "Both?"), ("$\\boxed{y=2x+3}$", "Find the equation of the line."),
             ("$\\boxed{x=5}$", "Solve for x."), ("$\\boxed{a=1, b=2=c}$", "Values?")]
PREDICTIONS = ["The best answer is B.", "the best answer is (c) because", "The best answer is\nD", "I think A",
               "The best answer is: J", "THE BEST ANSWER IS e.", "The best answer is A. No, the best answer is D",
               "The best answer is 3", ""]


def main() -> None:
    from lm_eval.tasks.score import utils
    from lm_eval.tasks.score.math import math_grader, utils_math

    record = {
        "math_equal": [[a, b, math_grader.math_equal(a, b)] for a, b in PAIRS],
        "normalize_answer_string": [[s, math_grader.normalize_answer_string(s)] for s in STRINGS],
        "extract_answer": [[g, math_grader.extract_answer(g)] for g in GENERATIONS],
        "reference_answer": [[s, p, utils_math.extract_answer_dataset(s, p, [])] for s, p in SOLUTIONS],
        "postprocess_pred": [[p, getattr(utils, "__postprocess_pred")(p)] for p in PREDICTIONS],
    }
    OUT.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
