"""Built-in metrics and aggregations, registered through the core's own hooks.

Per-document metric functions are called as lm-eval calls them,
``fn(references=[gold, ...], predictions=[pred, ...], **metric_kwargs)``, and return a number,
a dict keyed by metric name, or (for corpus metrics) the item handed to the aggregation. The
log-likelihood metrics (acc, acc_norm, perplexity ...) are computed by the task from the
model's scores; their functions only pass items through.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from lmeval.hookspecs import RegisterAggregation, RegisterMetric, hookimpl
from lmeval.metrics import aggregations
from lmeval.metrics.aggregations import (
    AGGREGATIONS,
    acc_all_stderr,
    mean_stderr,
    pop_stddev,
    sample_stddev,
)
from lmeval.metrics.stderr import (
    NA,
    aggregate_subtask_metrics,
    bootstrap_replicates,
    bootstrap_stderr,
    combined_sample_stderr,
    group_stderr,
    pooled_sample_stderr,
    stderr_for,
    unweighted_mean_stderr,
)

__all__ = [
    "AGGREGATIONS",
    "BuiltinMetric",
    "DEFAULT_METRICS",
    "METRICS",
    "NA",
    "acc_all_stderr",
    "aggregate_subtask_metrics",
    "aggregations",
    "bootstrap_replicates",
    "bootstrap_stderr",
    "combined_sample_stderr",
    "exact_match",
    "group_stderr",
    "mean_stderr",
    "pooled_sample_stderr",
    "pop_stddev",
    "sample_stddev",
    "stderr_for",
    "unweighted_mean_stderr",
]

#: The metrics a task gets when its YAML has no ``metric_list``, by output type (as lm-eval).
DEFAULT_METRICS: dict[str, list[str]] = {
    "loglikelihood": ["perplexity", "acc"],
    "loglikelihood_rolling": ["word_perplexity", "byte_perplexity", "bits_per_byte"],
    "multiple_choice": ["acc", "acc_norm"],
    "generate_until": ["exact_match"],
}


def passthrough(items: Any = None, *, references: Sequence[Any] | None = None,
                predictions: Sequence[Any] | None = None, **kwargs: Any) -> Any:
    """Return the item unchanged; called with ``references``/``predictions``, the item is
    ``[reference, prediction]`` (what lm-eval's fallback call ``fn([gold, result])`` produces)."""
    if items is None and references is not None and predictions is not None:
        return [references[0] if len(references) == 1 else list(references),
                predictions[0] if len(predictions) == 1 else list(predictions)]
    return items


def bypass(items: Any = None, **kwargs: Any) -> None:
    """The ``bypass`` metric: nothing is scored."""
    return None


_PUNCTUATION_TABLE = str.maketrans("", "", string.punctuation)
_DIGITS_TABLE = str.maketrans("", "", string.digits)


def exact_match(references: Sequence[Any], predictions: Sequence[Any], *,
                regexes_to_ignore: Sequence[str] | None = None, ignore_case: bool = False,
                ignore_punctuation: bool = False, ignore_numbers: bool = False) -> dict[str, float]:
    """HF-evaluate's exact match (lm-eval's default generative metric).

    Each regex of ``regexes_to_ignore`` is deleted from both sides, in order; then case,
    ASCII punctuation (``string.punctuation``) and ASCII digits are dropped when asked.
    Returns ``{"exact_match": fraction of equal pairs}``.
    """
    if len(references) != len(predictions):
        raise ValueError(f"exact_match: {len(references)} references for {len(predictions)} predictions")
    preds = list(predictions)
    refs = list(references)
    if regexes_to_ignore is not None:
        if isinstance(regexes_to_ignore, str):
            regexes_to_ignore = [regexes_to_ignore]
        for pattern in regexes_to_ignore:
            preds = [re.sub(pattern, "", str(x)) for x in preds]
            refs = [re.sub(pattern, "", str(x)) for x in refs]
    if ignore_case:
        preds = [str(x).lower() for x in preds]
        refs = [str(x).lower() for x in refs]
    if ignore_punctuation:
        preds = [str(x).translate(_PUNCTUATION_TABLE) for x in preds]
        refs = [str(x).translate(_PUNCTUATION_TABLE) for x in refs]
    if ignore_numbers:
        preds = [str(x).translate(_DIGITS_TABLE) for x in preds]
        refs = [str(x).translate(_DIGITS_TABLE) for x in refs]
    if not preds:
        return {"exact_match": float("nan")}
    return {"exact_match": sum(1.0 for p, r in zip(preds, refs, strict=True) if p == r) / len(preds)}


_LL = "loglikelihood"
_ROLL = "loglikelihood_rolling"
_MC = "multiple_choice"
_GEN = "generate_until"

class BuiltinMetric(NamedTuple):
    """A metric the core registers: its function, default aggregation and direction, the
    output types it applies to, and whether its items are corpus items (aggregated whole)."""

    fn: Callable[..., Any]
    aggregation: str
    higher_is_better: bool
    output_types: tuple[str, ...]
    corpus: bool


#: name → its :class:`BuiltinMetric` fields, in that order
METRICS: dict[str, BuiltinMetric] = {name: BuiltinMetric(*fields) for name, fields in {
    "acc": (passthrough, "mean", True, (_LL, _MC), False),
    "acc_norm": (passthrough, "mean", True, (_LL, _MC), False),
    "acc_bytes": (passthrough, "mean", True, (_LL, _MC), False),
    "acc_mutual_info": (passthrough, "mean", True, (_MC,), False),
    "likelihood": (passthrough, "mean", True, (_MC,), False),
    "exact_match": (exact_match, "mean", True, (_GEN,), False),
    "perplexity": (passthrough, "perplexity", False, (_LL,), True),
    "word_perplexity": (passthrough, "weighted_perplexity", False, (_ROLL,), True),
    "byte_perplexity": (passthrough, "weighted_perplexity", False, (_ROLL,), True),
    "bits_per_byte": (passthrough, "bits_per_byte", False, (_ROLL,), True),
    "mcc": (passthrough, "matthews_corrcoef", True, (_MC,), True),
    "f1": (passthrough, "f1", True, (_MC,), True),
    "bleu": (passthrough, "bleu", True, (_GEN,), True),
    "chrf": (passthrough, "chrf", True, (_GEN,), True),
    "chrf++": (passthrough, "chrf++", True, (_GEN,), True),
    "ter": (passthrough, "ter", False, (_GEN,), True),
    "brier_score": (passthrough, "brier_score", False, (_MC,), True),
    "acc_all": (passthrough, "acc_all", True, (_LL,), True),
    "bypass": (bypass, "bypass", True, (_LL, _MC, _GEN), False),
}.items()}


@hookimpl
def lmeval_register_aggregations(register: RegisterAggregation) -> None:
    for name, fn in AGGREGATIONS.items():
        register(name, fn)


@hookimpl
def lmeval_register_metrics(register: RegisterMetric) -> None:
    for name, metric in METRICS.items():
        # the task computes these from the model's scores: no keyword reaches them
        keywords = () if metric.fn is passthrough or metric.fn is bypass else None
        # a corpus metric needs no flag: its aggregation does the corpus-level work
        register(name, metric.fn, aggregation=metric.aggregation,
                 higher_is_better=metric.higher_is_better, output_types=metric.output_types,
                 keywords=keywords)
