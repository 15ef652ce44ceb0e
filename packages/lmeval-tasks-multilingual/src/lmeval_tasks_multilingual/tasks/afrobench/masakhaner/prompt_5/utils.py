"""MasakhaNER helper: span F1 over the (gold, answer) pairs of the task."""

from lmeval_tasks_multilingual.tagging import span_f1 as span_f1_agg

__all__ = ["span_f1_agg"]
