"""GraphWalks (``graphwalks_*``): answers for its two node-list parsers on the pack's fixtures: the
list on the last line, on an earlier line only (flexible_f1 reads it, f1 does not), quoted
items, an empty list, a wrong and a partly right list, no list at all."""

from __future__ import annotations

ANSWERS = ("Final Answer: [a1b2, c3d4]", "Reasoning...\nFinal Answer: ['a1b2']\nDone.", "Final Answer: []",
           "Final Answer: [\"e5f6\", 'a1b2' , zz]\n", "The nodes are a1b2 and c3d4.", "Final Answer: [c3d4]",
           "Final Answer: a1b2")


def generations(text: str) -> tuple[str, ...] | None:
    if "You will be given a graph as a list of directed edges." in text:
        return ANSWERS
    return None
