"""SuperGLUE in T5's prompt format (``super_glue-*-t5-prompt``): label names right and wrong
(so CB's 3-class F1, MultiRC's per-question exact match and RTE/WiC/BoolQ exact match see both),
an unknown label, ReCoRD entities and WSC referents (whole, partial, possessive)."""

from __future__ import annotations

PREFIXES = ('"boolq passage: ', '"cb hypothesis: ', '"copa choice1: ', '"multirc question: ',
            '"record query: ', '"rte hypothesis: ', '"wic sentence1: ', '"wsc: ')
ANSWERS = ("True", "False", "entailment", "contradiction", "neutral", "not_entailment", "choice1",
           "choice2", "maybe", "Paris", "Obama", "Team 1", "Pete", "the city councilmen", "Pete's book")


def generations(text: str) -> tuple[str, ...] | None:
    return ANSWERS if text.startswith(PREFIXES) else None
