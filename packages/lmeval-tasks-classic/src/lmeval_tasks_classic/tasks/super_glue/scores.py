"""SuperGLUE's corpus scores as lm-eval 0.4.13 computes them with scikit-learn, in plain Python:
CB's macro F1 over its three classes (``cb``, ``super_glue-cb-t5-prompt``) and the binary F1
under MultiRC's T5-prompt scores (:mod:`multirc_t5`)."""

from __future__ import annotations

from collections.abc import Sequence


def binary_f1(golds: Sequence[bool], preds: Sequence[bool]) -> float:
    """scikit-learn's ``f1_score`` for one positive class; 0.0 where it is undefined."""
    tp = sum(1 for g, p in zip(golds, preds, strict=True) if g and p)
    wrong = sum(1 for g, p in zip(golds, preds, strict=True) if g != p)
    return 0.0 if tp == 0 else 2 * tp / (2 * tp + wrong)


def _macro_f1(golds: Sequence[int], preds: Sequence[int], labels: Sequence[int] = (0, 1, 2)) -> float:
    return sum(binary_f1([g == c for g in golds], [p == c for p in preds]) for c in labels) / len(labels)


def cb_multi_f1(items: Sequence[tuple[int, int]]) -> float:
    """``cb``'s f1: the (gold, prediction) pairs of the multiple-choice f1, macro-averaged."""
    golds, preds = zip(*items, strict=True)
    return _macro_f1(golds, preds)


_CB_LABELS = ["entailment", "contradiction", "neutral"]


def mean_3class_f1(predictions: Sequence[str], references: Sequence[str]) -> tuple[int, int]:
    """The T5-prompt answer's class (0 when it names none) and the gold class."""
    prediction = _CB_LABELS.index(predictions[0]) if predictions[0] in _CB_LABELS else 0
    return prediction, _CB_LABELS.index(references[0])


def agg_mean_3class_f1(items: Sequence[tuple[int, int]]) -> float:
    preds, golds = zip(*items, strict=True)
    return _macro_f1(golds, preds)
