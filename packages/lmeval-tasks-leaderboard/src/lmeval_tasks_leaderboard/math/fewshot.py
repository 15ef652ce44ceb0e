"""The four worked examples of the Minerva prompt (Lewkowycz et al., 2022), as lm-eval 0.4.13's
``minerva_math`` and ``leaderboard_math_*_hard`` give them to the model.

Each solution ends with ``Final Answer: The final answer is $X$. I hope it is correct.``; the
key ``few_shot`` makes the task's target the whole solution. The leaderboard's copy differs in
three typing slips that reach its prompts, kept (:func:`leaderboard_examples`).
"""

from __future__ import annotations

_EXAMPLES = (
    ("Find the domain of the expression  $\\frac{\\sqrt{x-2}}{\\sqrt{5-x}}$.",
     "The expressions inside each square root must be non-negative. Therefore, $x-2 \\ge 0$, so "
     "$x\\ge2$, and $5 - x \\ge 0$, so $x \\le 5$. Also, the denominator cannot be equal to zero, so "
     "$5-x>0$, which gives $x<5$. Therefore, the domain of the expression is $\\boxed{[2,5)}$.\n"
     "Final Answer: The final answer is $[2,5)$. I hope it is correct."),
    ("If $\\det \\mathbf{A} = 2$ and $\\det \\mathbf{B} = 12,$ then find "
     "$\\det (\\mathbf{A} \\mathbf{B}).$",
     "We have that $\\det (\\mathbf{A} \\mathbf{B}) = (\\det \\mathbf{A})(\\det \\mathbf{B}) = "
     "(2)(12) = \\boxed{24}.$\nFinal Answer: The final answer is $24$. I hope it is correct."),
    ("Terrell usually lifts two 20-pound weights 12 times. If he uses two 15-pound weights instead, "
     "how many times must Terrell lift them in order to lift the same total weight?",
     "If Terrell lifts two 20-pound weights 12 times, he lifts a total of $2\\cdot 12\\cdot20=480$ "
     "pounds of weight.  If he lifts two 15-pound weights instead for $n$ times, he will lift a "
     "total of $2\\cdot15\\cdot n=30n$ pounds of weight.  Equating this to 480 pounds, we can solve "
     "for $n$:\n\\begin{align*}\n30n&=480\\\\\n\\Rightarrow\\qquad n&=480/30=\\boxed{16}\n"
     "\\end{align*}\nFinal Answer: The final answer is $16$. I hope it is correct."),
    ("If the system of equations\n\n\\begin{align*}\n6x-4y&=a,\\\\\n6y-9x &=b.\n\\end{align*}has a "
     "solution $(x, y)$ where $x$ and $y$ are both nonzero,\nfind $\\frac{a}{b},$ assuming $b$ is "
     "nonzero.",
     "If we multiply the first equation by $-\\frac{3}{2}$, we obtain\n\n$$6y-9x=-\\frac{3}{2}a.$$"
     "Since we also know that $6y-9x=b$, we have\n\n$$-\\frac{3}{2}a=b\\Rightarrow\\frac{a}{b}="
     "\\boxed{-\\frac{2}{3}}.$$\nFinal Answer: The final answer is $-\\frac{2}{3}$. I hope it is "
     "correct."),
)


def minerva_examples() -> list[dict]:
    """The examples as ``minerva_math`` has them."""
    return [{"problem": p, "solution": s, "few_shot": "1"} for p, s in _EXAMPLES]


def leaderboard_examples() -> list[dict]:
    """The leaderboard's copy: a stray ``}`` closes the first problem, and the ``\\\\`` line
    breaks of the align environments (third solution, fourth problem) lost a backslash."""
    out = []
    for i, example in enumerate(minerva_examples()):
        if i == 0:
            example["problem"] += "}"
        example["problem"] = example["problem"].replace("\\\\\n", "\\\n")
        example["solution"] = example["solution"].replace("\\\\\n", "\\\n")
        out.append({**example, "level": "Level 5"})
    return out
