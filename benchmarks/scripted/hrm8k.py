"""HRM8K (lmeval-tasks-multilingual's ``hrm8k*``): answers that exercise its boxed-answer matcher: a
boxed integer, a boxed equation, a decimal written as ``3.0``, a fraction as ``2/3`` and as
``\\frac{2}{3}``, a last ``$...$``, a last ``=``, a bare last number, and no number at all."""

from __future__ import annotations

ANSWERS = (" 풀이... $\\boxed{3}$", " \\boxed{x = 3.0}", " 답은 3.0 입니다", " $\\frac12$", " 0.5",
           " \\boxed{2/3}", " $x = \\dfrac{2}{3}$", " 그래서 y = 2/3.", " 모르겠습니다", " \\boxed{3")


def generations(text: str) -> tuple[str, ...] | None:
    if "\\\\boxed{N}" in text and ("문제: " in text or "Question: " in text):
        return ANSWERS
    return None
