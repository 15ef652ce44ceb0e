"""TriviaQA and Natural Questions (``triviaqa``, ``nq_open``): answers that exercise their exact
match after the remove_whitespace filter: an alias as written, in other case, with punctuation
or a leading article (nq_open's regex drops it, TriviaQA keeps it), spaces around, and misses."""

from __future__ import annotations

ANSWERS = (
    " The Beatles",
    " the beatles!",
    " Paris",
    "   paris  ",
    " H2O.",
    " Pacific",
    " the Pacific Ocean",
    " An apple",
    " 1969, I think",
    " Marie  Curie",
    " I don't know",
    "",
)


def generations(text: str) -> tuple[str, ...] | None:
    if text.endswith('?\\nAnswer:"') and "Question: Which answer belongs to trivia" in text:
        return ANSWERS
    if text.endswith('?\\nA:"') and "Answer these questions:" in text:
        return ANSWERS
    return None
