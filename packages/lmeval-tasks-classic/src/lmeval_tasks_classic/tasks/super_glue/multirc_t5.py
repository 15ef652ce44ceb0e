"""MultiRC in the T5 prompt format (``super_glue-multirc-t5-prompt``): each answer judged
"True"/"False"; F1 over the answers, exact match per question (every answer of it right),
grouped by ``idx.question`` as lm-eval does."""

from __future__ import annotations

import collections
from collections.abc import Sequence
from typing import Any

from scores import binary_f1

_MULTIRC_LABELS = ["False", "True"]


def _multirc_prediction(answer: str, reference: int) -> Any:
    """The answer's label; an answer that is neither counts as wrong (lm-eval's ``not reference``)."""
    return _MULTIRC_LABELS.index(answer) if answer in _MULTIRC_LABELS else not bool(reference)


def f1(predictions: Sequence[str], references: Sequence[str]) -> tuple[Any, int]:
    reference = _MULTIRC_LABELS.index(references[0].split("_")[-1])
    return _multirc_prediction(predictions[0], reference), reference


def agg_f1(items: Sequence[tuple[Any, int]]) -> float:
    preds, golds = zip(*items, strict=True)
    return binary_f1([bool(g) for g in golds], [bool(p) for p in preds])


def em(predictions: Sequence[str], references: Sequence[str]) -> tuple[str, Any, int]:
    group, label = references[0].split("_")
    reference = _MULTIRC_LABELS.index(label)
    return group, _multirc_prediction(predictions[0], reference), reference


def agg_em(items: Sequence[tuple[str, Any, int]]) -> float:
    """Per question (``idx.question``): 1 when every answer's label is right; the mean."""
    grouped: dict[str, tuple[list[int], list[Any]]] = collections.defaultdict(lambda: ([], []))
    for group, prediction, reference in items:
        grouped[group][0].append(reference)
        grouped[group][1].append(prediction)
    scores = [float(list(golds) == [int(p) for p in preds]) for golds, preds in grouped.values()]
    return sum(scores) / len(scores)
