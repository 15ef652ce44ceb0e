"""Answers for lm-eval's SCORE robustness tasks: "The best answer is X" met in its variants
(upper and lower case, bracketed, followed by text, on the next line), missed, and a bare letter;
for MATH, boxed answers in equivalent forms (fractions and decimals, tuples, percentages,
expanded polynomials), wrong ones and none."""

from __future__ import annotations

import json


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    prompt = context if isinstance(context, str) else text
    if "\\boxed{answer}" in prompt:  # MATH: boxed answers in equivalent and wrong forms
        return tuple(f" Working it out step by step. The final answer is: $\\boxed{{{a}}}$" for a in (
            "\\frac{1}{2}", "0.5", "24", "[2,5)", "\\sqrt{3}", "(1,-2)", "1,-2", "10", "30", "5\\%", "12.5",
            "1000", "x^2+2x+1", "(x+1)^2", "-\\frac{2}{3}", "\\frac{\\pi}{4}", "7", "\\text{(C)}")) + (
            " The final answer is 24.", "")
    if "answer_letter" not in prompt or "Given the following" in prompt:
        return None
    return (
        " Step 1: compare the options. The best answer is B.",
        " the best answer is (c) because it fits",
        " The best answer is A. On reflection, the best answer is D.",
        " The best answer is\nE",
        " I think it is C.",
        " The best answer is: J",
        " B",
        "",
    )
