"""Scoring of AfroBench's tagging tasks: MasakhaNER's span F1 and MasakhaPOS's token accuracy.

MasakhaNER answers reach the aggregation as ``(gold, prediction)`` pairs, the prediction already
normalised by the core's ``format_span`` filter (``per: Amina $ loc: Kano``). Both sides are cut
into ``(label, entity)`` spans and compared as a bag over the whole set (the CoNLL-style span F1
of mT5's evaluation, as lm-eval 0.4.13's AfroBench computes it, quirks included: see
:func:`spans`). MasakhaPOS compares the tag sequence parsed from the answer with the gold tags,
position by position over the shorter of the two.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

# Punctuation removed from labels and entities: ASCII punctuation except the backslash, plus the
# bullet "•" (the character class lm-eval's span F1 ends up with).
_PUNCTUATION = re.compile(r"""[!"#$%&'()*+,\-./:;<=>?@\[\]^_`{|}~•]+""")
_ARTICLE = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_LONG_BLANK = re.compile(r"\s{3,}|\t")
_BLANKS = re.compile(r"\s+")


def normalize_span_text(text: str) -> str:
    """A label or entity as the span F1 compares it. Steps in this order: punctuation runs become
    a space; the lower-case English articles a/an/the become a space; runs of three or more
    blanks and tabs are deleted (not replaced); blanks collapse to one space; lower case. The
    result is not stripped ("u.s." gives "u s ")."""
    text = _PUNCTUATION.sub(" ", text)
    text = _ARTICLE.sub(" ", text)
    text = _LONG_BLANK.sub("", text)
    text = _BLANKS.sub(" ", text)
    return text.lower()


def spans(answer: str | Sequence[str]) -> list[tuple[str, str]]:
    """The ``(label, entity)`` spans of a gold target or a filtered answer.

    A list (the filtered responses of one document) is joined with spaces, each item stripped.
    Pieces are cut at ``$`` (``$$`` included), then at ". " and ", "; a piece counts only if
    splitting it at ": " gives exactly two parts, so "PER: a: b" or "no label" are dropped.
    """
    text = " ".join(part.strip() for part in answer) if isinstance(answer, list) else answer
    pieces = [piece.strip() for chunk in text.strip().split("$$") for piece in chunk.split("$") if piece]
    pieces = [item.strip() for piece in pieces for sentence in piece.split(". ") for item in sentence.split(", ")]
    found = []
    for piece in pieces:
        parts = piece.split(": ")
        if len(parts) == 2:
            found.append((normalize_span_text(parts[0].strip()), normalize_span_text(parts[1].strip())))
    return found


def span_f1(items: Sequence[Sequence[Any]]) -> float:
    """Micro F1 of predicted spans against gold spans over all ``(gold, prediction)`` pairs.

    Within one document each gold span can be matched once (a repeated prediction of a span given
    once is one hit and one false positive). Precision, recall and F1 carry lm-eval's 1e-13
    smoothing, so an empty set scores 0.0.
    """
    hits = false_pos = missed = 0
    for gold, prediction in items:
        remaining = spans(gold)
        for span in spans(prediction):
            if span in remaining:
                hits += 1
                remaining.remove(span)
            else:
                false_pos += 1
        missed += len(remaining)
    precision = float(hits) / float(hits + false_pos + 1e-13)
    recall = float(hits) / float(hits + missed + 1e-13)
    return 2.0 * ((precision * recall) / (precision + recall + 1e-13))


#: MasakhaPOS's ``upos`` class labels, by index (the dataset's ClassLabel order)
UPOS = ("NOUN", "PUNCT", "ADP", "NUM", "SYM", "SCONJ", "ADJ", "PART", "DET", "CCONJ", "PROPN", "PRON", "X", "_",
        "ADV", "INTJ", "VERB", "AUX")


def pos_target(doc: Mapping[str, Any]) -> list[str]:
    """The gold tag names of a MasakhaPOS sentence."""
    return [UPOS[tag] for tag in doc["upos"]]


def pos_accuracy(gold: Sequence[str], predicted: Sequence[Any]) -> float:
    """Share of positions where the predicted tag equals the gold tag, over the shorter sequence
    (an answer that drops or adds words is compared on the overlap); 0.0 when either is empty."""
    length = min(len(gold), len(predicted))
    if length == 0:
        return 0.0
    return sum(1 for g, p in zip(gold[:length], predicted[:length], strict=True) if g == p) / length


def pos_process_results(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
    """Per-sentence accuracy of the ``regex_pos`` answer: ``results[0]`` holds the tag list(s) of
    the document's one generation (a list of lists without ``take_first``), flattened one level."""
    first = results[0]
    if isinstance(first, list) and all(isinstance(x, list) for x in first):
        predicted = [tag for tags in first for tag in tags]
    else:
        predicted = list(first) if isinstance(first, list) else [first]
    return {"acc": pos_accuracy(pos_target(doc), predicted)}
