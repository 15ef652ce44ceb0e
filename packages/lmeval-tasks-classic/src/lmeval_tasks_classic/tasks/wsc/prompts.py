"""WSC's prompt: the passage with the pronoun marked ``*like this*``, then a yes/no question."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def _detokenize(text: str) -> str:
    """Undo the corpus' tokenizer spacing: ``do n't`` → ``don't``, ``( a )`` → ``(a)``, `` ,`` → ``,``."""
    for spaced, joined in ((" n't", "n't"), (" )", ")"), ("( ", "("), ('" ', '"'), (' "', '"')):
        text = text.replace(spaced, joined)
    return re.sub(r" (['.,])", r"\1", text)


def doc_to_text(doc: Mapping[str, Any]) -> str:
    """``span2_index`` counts whitespace-separated words; the text after the pronoun is cut by
    characters from the rebuilt prefix, as lm-eval 0.4.13 does (one space assumed per gap)."""
    raw = doc["text"]
    pronoun, noun = doc["span2_text"], doc["span1_text"]
    before = " ".join(raw.split()[: doc["span2_index"]])
    after = raw[len(before) + len(pronoun) + 1:]
    passage = _detokenize(before + f" *{pronoun}*" + after)
    return (f"Passage: {passage}\n"
            f'Question: In the passage above, does the pronoun "*{pronoun}*" refer to "*{noun}*"?\n'
            "Answer:")
