"""KorMedMCQA's answer extraction: the cascade of the paper's Appendix B (arXiv:2403.01469)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

#: tried in order; the last match of the first pattern that matches is the answer
PATTERNS = (
    re.compile(r"정답[:\s]*([ABCDE])", re.IGNORECASE),
    re.compile(r"정답은\s*([ABCDE])\s*입니다", re.IGNORECASE),
    re.compile(r"\b([ABCDE])\.", re.IGNORECASE),
    re.compile(r"\b([ABCDE])\b", re.IGNORECASE),
)


def extract_choice(output: str) -> str:
    """The chosen letter, upper-case, or ``""`` when no pattern matches."""
    for pattern in PATTERNS:
        found = pattern.findall(output)
        if found:
            return found[-1].upper()
    return ""


class ExtractChoiceFilter:
    """Every response of every document replaced by its extracted letter."""

    def apply(self, resps: Sequence[Sequence[str]], docs: Sequence[Any]) -> list[list[str]]:
        return [[extract_choice(r) for r in doc_resps] for doc_resps in resps]
