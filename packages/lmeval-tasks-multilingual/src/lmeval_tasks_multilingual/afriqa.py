"""AfriQA's F1 aggregation: SQuAD v1.1 token F1 per (gold, prediction) pair, averaged over the set,
as lm-eval 0.4.13's AfroBench computes it (a pair without a shared token scores 0, two empty answers
included)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from lmeval_tasks_multilingual.scoring import normalize_answer


def pair_f1(gold: str, prediction: str) -> float:
    """Token F1 of one prediction against one gold answer, both SQuAD-normalized."""
    pred_tokens = normalize_answer(prediction).split()
    gold_tokens = normalize_answer(gold).split()
    same = sum((Counter(pred_tokens) & Counter(gold_tokens)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred_tokens), same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def f1(items: Sequence[Sequence[Any]]) -> float:
    """The mean token F1 of the (gold, prediction) pairs."""
    if not items:
        raise ValueError("AfriQA f1: no (gold, prediction) pairs to score")
    return sum(pair_f1(str(gold), str(pred)) for gold, pred in items) / len(items)
