"""``wmt-ro-en-t5-prompt``'s scores, as lm-eval 0.4.13 gets them from HF ``evaluate`` (``wer``,
``bleu``), computed here without the Hub.

* ``wer``: per document, word edits (substitutions, deletions, insertions) over the reference's
  word count, words split on whitespace after collapsing spaces (jiwer's default transform).
* ``bleu``: corpus BLEU of the google/nmt script that ``evaluate``'s ``bleu`` wraps: 13a
  tokenization (sacrebleu's), n-grams up to 4, no smoothing, brevity penalty.

sacrebleu (the pack's ``translation`` extra) is imported when the task loads, so that a missing
library stops the run in one line before the model loads.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from lmeval.requires import require

MAX_ORDER = 4
_TOKENIZER_13A = require("sacrebleu.tokenizers.tokenizer_13a", needed_by="wmt-ro-en-t5-prompt's BLEU",
                         install="'lmeval-tasks-classic[translation]'", library="sacrebleu").Tokenizer13a


def _words(text: str) -> list[str]:
    return text.split()


def _edit_distance(ref: Sequence[str], hyp: Sequence[str]) -> int:
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1]


def wer(references: Sequence[str], predictions: Sequence[str]) -> float:
    """Word error rate of the documents' (reference, prediction) pairs."""
    edits = total = 0
    for ref, hyp in zip(references, predictions, strict=True):
        ref_words = _words(ref)
        if not ref_words:
            raise ValueError("wer: a reference is empty (jiwer refuses empty references)")
        edits += _edit_distance(ref_words, _words(hyp))
        total += len(ref_words)
    return edits / total


def bleu(predictions: Sequence[str], references: Sequence[str]) -> tuple[str, str]:
    """The document's (prediction, reference), for :func:`agg_bleu`."""
    return predictions[0], references[0]


def _ngrams(tokens: Sequence[str]) -> Counter:
    return Counter(tuple(tokens[i:i + n]) for n in range(1, MAX_ORDER + 1) for i in range(len(tokens) - n + 1))


def agg_bleu(items: Sequence[tuple[str, str]]) -> float:
    """Corpus BLEU (0 to 1) of the documents' (prediction, reference) pairs."""
    tokenize = _TOKENIZER_13A()
    matches, possible = [0] * MAX_ORDER, [0] * MAX_ORDER
    ref_len = hyp_len = 0
    for prediction, reference in items:
        hyp, ref = tokenize(prediction).split(), tokenize(reference).split()
        ref_len, hyp_len = ref_len + len(ref), hyp_len + len(hyp)
        overlap = _ngrams(hyp) & _ngrams(ref)
        for gram, count in overlap.items():
            matches[len(gram) - 1] += count
        for n in range(1, MAX_ORDER + 1):
            possible[n - 1] += max(len(hyp) - n + 1, 0)
    precisions = [m / p if p > 0 else 0.0 for m, p in zip(matches, possible, strict=True)]
    if min(precisions) <= 0:
        return 0.0
    geo_mean = math.exp(sum(math.log(p) / MAX_ORDER for p in precisions))
    ratio = hyp_len / ref_len
    return geo_mean * (1.0 if ratio > 1.0 else math.exp(1 - 1 / ratio))
