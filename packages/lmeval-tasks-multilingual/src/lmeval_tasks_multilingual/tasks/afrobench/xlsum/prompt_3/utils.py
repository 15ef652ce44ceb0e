"""XL-Sum helper: ROUGE-L over the whole set, as HF evaluate's rouge module computes it."""

from lmeval_tasks_multilingual.summary_rouge import rougeL, rougeL_agg

__all__ = ["rougeL", "rougeL_agg"]
