"""RULER's scores, as lm-eval 0.4.13 computes them: each document reports its score under its own
length (``"4096"``, ...) and -1 under the default length when that is another, and each length's
aggregate is the mean of the values that are not -1 (-1 when there are none)."""

from __future__ import annotations

import re

DEFAULT_SEQ_LENGTHS = (4096,)
_CONTROL = re.compile(r"[\x00-\x1f]")


def postprocess(predictions: list[str]) -> list[str]:
    """Stripped, control characters made newlines, stripped again."""
    return [_CONTROL.sub("\n", p.strip()).strip() for p in predictions]


def _hits(prediction: str, references: list[str]) -> float:
    return sum(1.0 if r.lower() in prediction.lower() else 0.0 for r in references) / len(references)


def string_match_all(predictions: list[str], references: list[list[str]]) -> float:
    """The mean over predictions of the share of its references found in it (case ignored)."""
    return sum(_hits(p, r) for p, r in zip(predictions, references, strict=False)) / len(predictions)


def string_match_part(predictions: list[str], references: list[list[str]]) -> float:
    """The best over predictions of that share, divided by the number of predictions."""
    return max(_hits(p, r) for p, r in zip(predictions, references, strict=False)) / len(predictions)


def _results(doc: dict, results: list[str], match) -> dict[str, float]:
    metrics = {str(length): -1.0 for length in DEFAULT_SEQ_LENGTHS}
    metrics[str(doc["max_length"])] = match(postprocess(results), [doc["outputs"]])
    return metrics


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    return _results(doc, results, string_match_all)


def process_results_part(doc: dict, results: list[str]) -> dict[str, float]:
    return _results(doc, results, string_match_part)


def aggregate_metrics(metrics: list[float]) -> float:
    kept = [x for x in metrics if x != -1]
    return sum(kept) / len(kept) if kept else -1
