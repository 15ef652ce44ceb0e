"""Smoothed sentence BLEU-4 of CodeXGLUE's code-to-text evaluator (the MOSES/NIST script).

Both texts are lower-cased and split into words and punctuation, then tokenised again the NIST
mteval-v11a way; n-gram precisions of orders 2-4 get add-one smoothing (Lin and Och 2004), the
brevity penalty compares ``len + 1`` counts. The score is in percent.
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from xml.sax.saxutils import unescape

ORDER = 4
_TINY = sys.float_info.min
_WORDS = re.compile(r"[\w]+|[^\s\w]")
_JOIN_LINES = ((re.compile("<skipped>"), ""), (re.compile(r"-\n"), ""), (re.compile(r"\n"), " "))
_NIST = (
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),  # punctuation except the apostrophe
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),  # period and comma, unless after a digit
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),  # period and comma, unless before a digit
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),  # a dash after a digit
)


def _split_puncts(text: str) -> str:
    return " ".join(_WORDS.findall(text.strip().lower()))


def _nist_tokens(text: str) -> list[str]:
    for pattern, repl in _JOIN_LINES:
        text = pattern.sub(repl, text)
    text = " " + unescape(text, {"&quot;": '"'}) + " "
    text = text.lower()
    for pattern, repl in _NIST:
        text = pattern.sub(repl, text)
    return text.split()


def _ngrams(words: list[str]) -> Counter:
    return Counter(tuple(words[i:i + n]) for n in range(1, ORDER + 1) for i in range(len(words) - n + 1))


def sentence_bleu(reference: str, hypothesis: str) -> float:
    """Smoothed BLEU-4 of one hypothesis against one reference, in [0, 1]."""
    ref, hyp = _nist_tokens(reference), _nist_tokens(hypothesis)
    ref_counts, hyp_counts = _ngrams(ref), _ngrams(hyp)
    correct = [0] * ORDER
    for gram, count in hyp_counts.items():
        correct[len(gram) - 1] += min(ref_counts.get(gram, 0), count)
    log_bleu = 0.0
    for n in range(ORDER):
        guess = max(len(hyp) - n, 0)
        smooth = 1 if n > 0 else 0
        log_bleu += math.log(correct[n] + smooth + _TINY) - math.log(guess + smooth + _TINY)
    brevity = min(0.0, 1 - float(len(ref) + 1) / (len(hyp) + 1))
    return math.exp(log_bleu / ORDER + brevity)


def smoothed_bleu_4(references: list[str], predictions: list[str], **kwargs: object) -> float:
    """Mean smoothed BLEU-4 (x100) of the predictions against their references, pairwise."""
    pairs = list(zip(references, predictions, strict=True))
    scores = [sentence_bleu(_split_puncts(ref), _split_puncts(pred)) for ref, pred in pairs]
    return 100.0 * sum(scores) / len(scores)
