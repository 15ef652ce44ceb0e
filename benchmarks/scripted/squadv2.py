"""SQuAD v2 (``squadv2``): answers that exercise the official SQuAD 2.0 scorer: the empty answer
and whitespace (abstaining, right on an unanswerable question; whitespace still counts as an
answer in the best-threshold sweep), exact spans with other case and punctuation, partial
overlaps (token F1 between 0 and 1), articles only, and wrong answers."""

from __future__ import annotations

ANSWERS = (
    "",
    " ",
    " 1066",
    " The Norman Conquest!",
    " Norman",
    " King Harold",
    " the",
    " castle at Hastings, in 1066",
    " unanswerable",
    " William of Normandy",
)


def generations(text: str) -> tuple[str, ...] | None:
    if "Background: " in text and text.endswith('\\n\\nAnswer:"'):
        return ANSWERS
    return None
