"""Answers for the MATH families (minerva_math, hendrycks_math, leaderboard_math_*_hard): the
problem's answer in equivalent forms (``\\frac{1}{2}``, ``0.5``, ``1/2``, ``\\boxed{1/2}``, with and
without ``$``, Minerva's ``Final Answer: ... I hope it is correct.``), wrong answers, malformed
LaTeX and a generation that runs into the next ``Problem:``.

The fixture problems (``packages/lmeval-tasks-leaderboard/tests/tools/make_math_fixtures.py``)
hold the phrases of ``FORMS``; any other MATH prompt gets the forms of every answer.
"""

from __future__ import annotations

import json

#: a phrase of the problem -> forms of its answer (every one equivalent to the gold for some scorer)
FORMS = {
    "one half of its area": ("\\frac{1}{2}", "0.5", "1/2", "\\frac12", "\\dfrac{1}{2}", "\\boxed{1/2}"),
    "four distinct books": ("24", "24.0", "4!", "\\boxed{24}"),
    "domain of the function": ("[2,5)", "[2, 5)", "x \\in [2,5)"),
    "diagonal of a unit cube": ("\\sqrt{3}", "\\sqrt3", "3^{1/2}", "1.732"),
    "ordered pair": ("(1,-2)", "(1, -2)", "x=1, y=-2"),
    "ribbon 30 cm": ("10", "10 cm", "10\\text{ cm}", "10\\text{ centimeters}"),
    "30-60-90 triangle": ("30", "30^\\circ", "30^{\\circ}", "30 degrees", "\\frac{\\pi}{6}"),
    "percent did it rise": ("5", "5\\%", "0.05", "5 \\%"),
    "Two tickets cost": ("12.50", "12.5", "\\$12.50", "\\$ 12.5"),
    "one kilogram": ("1000", "1,000", "10^3", "1{,}000"),
    "square of the binomial": ("(x+1)^2", "x^2 + 2x + 1", "x^{2}+2x+1"),
    "find $\\frac{a}{b}$": ("-\\frac23", "-2/3", "\\frac{-2}{3}", "-\\frac{2}{3}"),
    "days are in a week": ("7", "seven", "\\boxed{7}"),
    "sides of a triangle": ("(C)", "\\text{(C)}", "C"),
    "cube root of two": ("\\sqrt[3]{2}", "2^{1/3}", "\\sqrt[3]2"),
    "45-degree angle": ("\\frac{\\pi}{4}", "\\pi/4", "0.785", "\\frac{\\pi}4"),
}
WRONG = ("7", "\\frac{1}{3}", "\\frac{1}{", "\\sqrt", "x^{2", "(2,1)")


def _shapes(answer: str) -> tuple[str, ...]:
    return (
        f" We compute carefully.\nFinal Answer: The final answer is ${answer}$. I hope it is correct.",
        f" So the answer is $\\boxed{{{answer}}}$.",
        f" ${answer}$",
        f" {answer}",
        f" The answer is {answer}.\nFinal Answer: The final answer is {answer}. I hope it is correct."
        "\n\nProblem:\nWhat comes next?",
        f"\nFinal Answer: The final answer is ${answer}$",
    )


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    prompt = context if isinstance(context, str) else text
    if "Problem:" not in prompt or not prompt.rstrip().endswith(("Solution:", "Answer:")):
        return None
    problem = prompt.rsplit("Problem:", 1)[1]
    forms = next((f for phrase, f in FORMS.items() if phrase in problem), None)
    if forms is None:
        forms = tuple(f[0] for f in FORMS.values())
    out = [shape for answer in forms for shape in _shapes(answer)]
    out += [shape for answer in WRONG for shape in _shapes(answer)[:3]]
    out += [" I could not solve it.", ""]
    return tuple(out)
