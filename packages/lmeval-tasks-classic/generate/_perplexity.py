"""The metric list lm-eval 0.4.13's perplexity corpora share (pile, pile_10k, paloma,
uncheatable_eval): word and byte perplexity weighted by the counts, bits per byte."""

from __future__ import annotations

METRICS = [{"metric": name, "aggregation": aggregation, "higher_is_better": False}
           for name, aggregation in (("word_perplexity", "weighted_perplexity"),
                                     ("byte_perplexity", "weighted_perplexity"),
                                     ("bits_per_byte", "bits_per_byte"))]


def rolling(**fields: object) -> dict:
    """A ``loglikelihood_rolling`` config: ``fields`` in order, then the metrics (and metadata,
    when given, after them)."""
    metadata = fields.pop("metadata", None)
    cfg = {**fields, "metric_list": [dict(m) for m in METRICS]}
    if metadata is not None:
        cfg["metadata"] = metadata
    return cfg
