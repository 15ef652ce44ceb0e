"""Aggregations: a list of per-document items → one corpus score, with lm-eval's arithmetic.

Pure Python (the core never imports numpy); sacrebleu is imported only when a translation
score is computed.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any


def mean(items: Sequence[float]) -> float:
    """Arithmetic mean; NaN for no items (lm-eval raises ZeroDivisionError)."""
    if len(items) == 0:
        return math.nan
    return sum(items) / len(items)


def median(items: Sequence[float]) -> float:
    """The upper median, ``sorted(items)[n // 2]``, as lm-eval computes it (no averaging)."""
    if len(items) == 0:
        return math.nan
    return sorted(items)[len(items) // 2]


def _isnan(x: Any) -> bool:
    return x != x


def nanmean(items: Sequence[float]) -> float:
    """Mean of the items that are not NaN; NaN when there are none."""
    kept = [x for x in items if not _isnan(x)]
    if not kept:
        return math.nan
    return sum(kept) / len(kept)


def weighted_mean(items: Sequence[tuple[float, float]]) -> float:
    """``sum(values) / sum(weights)`` over ``(value, weight)`` pairs."""
    if len(items) == 0:
        return math.nan
    return sum(v for v, _ in items) / sum(w for _, w in items)


def perplexity(items: Sequence[float]) -> float:
    """``exp(-mean(loglikelihoods))``."""
    return math.exp(-mean(items))


def weighted_perplexity(items: Sequence[tuple[float, float]]) -> float:
    """``exp(-sum(loglikelihood) / sum(count))`` over ``(loglikelihood, words or bytes)`` pairs."""
    return math.exp(-weighted_mean(items))


def bits_per_byte(items: Sequence[tuple[float, float]]) -> float:
    """``-sum(loglikelihood) / sum(bytes) / ln 2``."""
    return -weighted_mean(items) / math.log(2)


def _split_pairs(items: Sequence[Sequence[Any]]) -> tuple[list[Any], list[Any]]:
    return [it[0] for it in items], [it[1] for it in items]


def f1_score(items: Sequence[tuple[Any, Any]]) -> float:
    """Binary F1 of ``(gold, pred)`` pairs with positive label 1 (scikit-learn's ``f1_score``).

    More than two distinct labels is an error, as in scikit-learn's default ``average="binary"``;
    no positive gold nor prediction gives 0.0.
    """
    golds, preds = _split_pairs(items)
    labels = set(golds) | set(preds)
    if len(labels) > 2:
        raise ValueError(f"f1: labels {sorted(labels, key=repr)} are multiclass; the f1 aggregation is binary")
    if len(labels) == 2 and 1 not in labels:
        raise ValueError(f"f1: the positive label 1 is not among the labels {sorted(labels, key=repr)}")
    tp = sum(1 for g, p in zip(golds, preds, strict=True) if g == 1 and p == 1)
    fp = sum(1 for g, p in zip(golds, preds, strict=True) if g != 1 and p == 1)
    fn = sum(1 for g, p in zip(golds, preds, strict=True) if g == 1 and p != 1)
    denominator = 2 * tp + fp + fn
    return 2 * tp / denominator if denominator else 0.0


def matthews_corrcoef(items: Sequence[tuple[Any, Any]]) -> float:
    """Matthews correlation of ``(gold, pred)`` pairs, multiclass (scikit-learn's formula).

    0.0 when either marginal is constant.
    """
    golds, preds = _split_pairs(items)
    n = float(len(golds))
    true_counts, pred_counts = Counter(golds), Counter(preds)
    correct = float(sum(1 for g, p in zip(golds, preds, strict=True) if g == p))
    cov_tp = correct * n - sum(float(c) * pred_counts.get(k, 0) for k, c in true_counts.items())
    cov_pp = n * n - sum(float(c) * c for c in pred_counts.values())
    cov_tt = n * n - sum(float(c) * c for c in true_counts.values())
    denominator = cov_pp * cov_tt
    if denominator == 0:
        return 0.0
    return cov_tp / math.sqrt(denominator)


def brier_score(items: Sequence[tuple[int, Sequence[float]]]) -> float:
    """Mean over documents of ``sum_j (p_j - onehot(gold)_j)**2`` over ``(gold, probs)`` pairs."""
    if len(items) == 0:
        return math.nan
    total = 0.0
    width = len(items[0][1])
    for gold, probs in items:
        if len(probs) != width:
            raise ValueError("brier_score: every document needs the same number of choices")
        total += sum((p - (1.0 if j == gold else 0.0)) ** 2 for j, p in enumerate(probs))
    return total / len(items)


def acc_all(items: Sequence[tuple[Any, dict]]) -> float:
    """MultiRC accuracy over ``(pred, doc)`` pairs: a question counts only if all its answers are right.

    Questions are keyed by ``doc["idx"]["paragraph"], doc["idx"]["question"]``; the gold is
    ``doc["label"] == 1``.
    """
    by_question: dict[tuple[Any, Any], list[bool]] = {}
    for pred, doc in items:
        key = (doc["idx"]["paragraph"], doc["idx"]["question"])
        by_question.setdefault(key, []).append((doc["label"] == 1) == pred)
    return mean([int(all(v)) for v in by_question.values()])


def acc_all_stderr(items: Sequence[tuple[Any, dict]]) -> float:
    """lm-eval's closed-form stderr for ``acc_all`` (keyed by question id alone, as lm-eval does)."""
    by_question: dict[Any, list[bool]] = {}
    for pred, doc in items:
        by_question.setdefault(doc["idx"]["question"], []).append((doc["label"] == 1) == pred)
    return mean_stderr([int(all(v)) for v in by_question.values()])


def bypass(items: Sequence[Any]) -> float:
    """The ``bypass`` aggregation: a fixed 999, as in lm-eval (the metric is not scored)."""
    return 999


# ------------------------------------------------------------------------------ sacrebleu


def _sacrebleu() -> Any:
    from lmeval.requires import require

    return require("sacrebleu", needed_by="the bleu, chrf and ter metrics", install="sacrebleu",
                   note="(or pip install 'lmeval-core[sacrebleu]')")


def _is_sequence(obj: Any) -> bool:
    return isinstance(obj, (list, tuple))


def sacrebleu_format(items: Sequence[Sequence[Any]]) -> tuple[list[list[str]], list[str]]:
    """``(reference or references, prediction)`` pairs → sacrebleu's ``(ref_streams, hypotheses)``.

    References of each item may be one string or a list (all items must have as many); the
    streams are transposed so ``ref_streams[k][i]`` is reference ``k`` of item ``i``.
    """
    refs, preds = _split_pairs(items)
    if refs and not _is_sequence(refs[0]):
        refs = [[r] for r in refs]
    streams = [list(s) for s in zip(*refs, strict=False)]  # lm-eval truncates too
    if preds and _is_sequence(preds[0]):
        if len(preds[0]) != 1:
            raise ValueError(f"a prediction must be one string, got {preds[0]!r}")
        preds = [p[0] for p in preds]
    return streams, list(preds)


def bleu(items: Sequence[Sequence[Any]]) -> float:
    """Corpus BLEU (sacrebleu defaults) over ``(reference, prediction)`` pairs."""
    refs, preds = sacrebleu_format(items)
    return _sacrebleu().corpus_bleu(preds, refs).score


def chrf(items: Sequence[Sequence[Any]]) -> float:
    """Corpus chrF (char order 6, word order 0, beta 2)."""
    refs, preds = sacrebleu_format(items)
    return _sacrebleu().corpus_chrf(preds, refs).score


def chrfpp(items: Sequence[Sequence[Any]]) -> float:
    """Corpus chrF++ (word order 2)."""
    refs, preds = sacrebleu_format(items)
    return _sacrebleu().corpus_chrf(preds, refs, word_order=2).score


def ter(items: Sequence[Sequence[Any]]) -> float:
    """Corpus translation edit rate (lower is better)."""
    refs, preds = sacrebleu_format(items)
    return _sacrebleu().corpus_ter(preds, refs).score


# --------------------------------------------------------------------------------- stderr


def sample_stddev(items: Sequence[float]) -> float:
    """Standard deviation with Bessel's correction (n - 1)."""
    mu = sum(items) / len(items)
    return math.sqrt(sum((x - mu) ** 2 for x in items) / (len(items) - 1))


def pop_stddev(items: Sequence[float]) -> float:
    """Population standard deviation (n)."""
    mu = sum(items) / len(items)
    return math.sqrt(sum((x - mu) ** 2 for x in items) / len(items))


def mean_stderr(items: Sequence[float]) -> float:
    """``sample_stddev(items) / sqrt(n)``."""
    return sample_stddev(items) / math.sqrt(len(items))


#: name → function, as registered by the core.
AGGREGATIONS = {
    "mean": mean,
    "median": median,
    "nanmean": nanmean,
    "perplexity": perplexity,
    "weighted_perplexity": weighted_perplexity,
    "bits_per_byte": bits_per_byte,
    "f1": f1_score,
    "matthews_corrcoef": matthews_corrcoef,
    "bleu": bleu,
    "chrf": chrf,
    "chrf++": chrfpp,
    "ter": ter,
    "brier_score": brier_score,
    "acc_all": acc_all,
    "bypass": bypass,
}
