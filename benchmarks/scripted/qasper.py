"""Qasper (``qasper_freeform``): answers that reach SQuAD token F1's partial values on the pack's
fixtures: the reference, a part of it, articles and punctuation only, another answer, empty."""

from __future__ import annotations

ANSWERS = (" The Penn Treebank", " penn treebank (validation 1)", " About 1M tokens.", " the a an", " PTB",
           " Only on English data", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "TITLE: " in text and "ABSTRACT: " in text and text.rstrip('"').endswith("A:"):
        return ANSWERS
    return None
