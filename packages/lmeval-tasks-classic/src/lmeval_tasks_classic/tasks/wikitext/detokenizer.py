"""Undo WikiText's tokenization (" @-@ ", spaced punctuation and brackets, "= = =" headings).

The rules and their order follow the detokenizer Megatron-LM and lm-eval use for WikiText, so
perplexities are comparable with published numbers.
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


def wikitext_detokenizer(doc: dict) -> str:
    text = doc["page"]
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


def process_results(doc: dict, results: list) -> dict:
    """Per-document (log-likelihood, count) pairs; counts from the original, tokenized page."""
    (loglikelihood,) = results
    words = len(re.split(r"\s+", doc["page"]))
    nbytes = len(doc["page"].encode("utf-8"))
    return {
        "word_perplexity": (loglikelihood, words),
        "byte_perplexity": (loglikelihood, nbytes),
        "bits_per_byte": (loglikelihood, nbytes),
    }
