"""Scoring the core does not provide: weighted F1, SQuAD-style exact match and token F1."""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def weighted_f1_score(items: Sequence[tuple[Any, Any]]) -> float:
    """F1 per label averaged with the number of gold items of each label as weight
    (scikit-learn's ``f1_score(average="weighted")``, undefined ratios counted as 0)."""
    golds = [g for g, _ in items]
    preds = [p for _, p in items]
    support = Counter(golds)
    total = sum(support.values())
    if not total:
        return 0.0
    score = 0.0
    for label in set(golds) | set(preds):
        tp = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p == label)
        fp = sum(1 for g, p in zip(golds, preds, strict=True) if g != label and p == label)
        fn = support[label] - tp
        denom = 2 * tp + fp + fn
        f1 = 2 * tp / denom if denom else 0.0
        score += f1 * support[label]
    return score / total


def micro_f1_score(items: Sequence[tuple[Any, Any]]) -> float:
    """Micro-averaged F1 over (gold, prediction) pairs, computed as scikit-learn's
    ``f1_score(average="micro")`` does: 2·TP / (golds + predictions), all classes pooled."""
    pairs = list(items)
    if not pairs:
        return 0.0
    tp = sum(1 for g, p in pairs if g == p)
    return 2.0 * tp / (2.0 * len(pairs))


_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCT = set(string.punctuation)


def normalize_answer(text: str) -> str:
    """SQuAD normalization: lower case, no punctuation, no English articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


def exact(gold: str, pred: str) -> int:
    return int(normalize_answer(gold) == normalize_answer(pred))


def token_f1(gold: str, pred: str) -> float:
    gold_toks = normalize_answer(gold).split() if gold else []
    pred_toks = normalize_answer(pred).split() if pred else []
    if not gold_toks or not pred_toks:
        return float(gold_toks == pred_toks)
    same = sum((Counter(gold_toks) & Counter(pred_toks)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred_toks), same / len(gold_toks)
    return 2 * precision * recall / (precision + recall)


def process_results_qa(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    """XQuAD-ca / CatalanQA: the first reference answer against the generation."""
    reference = doc["answers"][0]["text"]
    return {"f1": token_f1(reference, results[0]), "exact_match": exact(reference, results[0])}


def process_results_coqcat(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    """CoQA-style: the last turn's answers (main + additional); with several golds each is left
    out in turn and the best match against the others is averaged (the CoQA evaluation)."""
    turn = len(doc["questions"])
    golds = [doc["answers"]["input_text"][turn - 1]]
    for extra in (doc.get("additional_answers") or {}).values():
        candidate = extra["input_text"][turn - 1]
        if candidate.lower() not in (g.lower() for g in golds):
            golds.append(candidate)
    pred = results[0].strip().split("\n")[0]
    if len(golds) > 1:
        pools = [golds[:i] + golds[i + 1:] for i in range(len(golds))]
    else:
        pools = [golds]
    em = sum(max(exact(g, pred) for g in pool) for pool in pools)
    f1 = sum(max(token_f1(g, pred) for g in pool) for pool in pools)
    return {"em": em / max(1, len(golds)), "f1": f1 / max(1, len(golds))}
