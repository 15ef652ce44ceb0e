"""Megatron-LM's WikiText detokenizer (" @-@ ", spaced punctuation and brackets, "= = ="
headings), which lm-eval applies to WikiText and C4, and the word/byte counts of perplexity.

The rules and their order are those of Megatron-LM and lm-eval, so perplexities are comparable
with published numbers.
"""

from __future__ import annotations

import re

_REPLACE_BEFORE = [
    ("s '", "s'"),
    (" @-@ ", "-"), (" @,@ ", ","), (" @.@ ", "."),
    (" : ", ": "), (" ; ", "; "), (" . ", ". "), (" ! ", "! "), (" ? ", "? "), (" , ", ", "),
]
_BRACKETS = [
    (re.compile(r"\(\s*([^\)]*?)\s*\)"), r"(\1)"),
    (re.compile(r"\[\s*([^\]]*?)\s*\]"), r"[\1]"),
    (re.compile(r"{\s*([^}]*?)\s*}"), r"{\1}"),
    (re.compile(r"\"\s*([^\"]*?)\s*\""), r'"\1"'),
    (re.compile(r"'\s*([^']*?)\s*'"), r"'\1'"),
]
_REPLACE_AFTER = [
    ("= = = =", "===="), ("= = =", "==="), ("= =", "=="),
    (" \u00b0 ", "\u00b0"),
    (" \n", "\n"), ("\n ", "\n"),
    (" N ", " 1 "),
    (" 's", "'s"),
]


def detokenize(text: str) -> str:
    """Megatron-LM's WikiText detokenizer on one text (lm-eval applies it to C4 too)."""
    text = text.replace(*_REPLACE_BEFORE[0])
    # kept for fidelity: this pattern (with literal slashes) practically never matches
    text = re.sub(r"/' [0-9]/", r"/'[0-9]/", text)
    for old, new in _REPLACE_BEFORE[1:]:
        text = text.replace(old, new)
    for pattern, repl in _BRACKETS:
        text = pattern.sub(repl, text)
    for old, new in _REPLACE_AFTER:
        text = text.replace(old, new)
    return text


def counts(text: str) -> tuple[int, int]:
    """Words (runs between whitespace, as ``re.split``) and UTF-8 bytes of ``text``."""
    return len(re.split(r"\s+", text)), len(text.encode("utf-8"))
