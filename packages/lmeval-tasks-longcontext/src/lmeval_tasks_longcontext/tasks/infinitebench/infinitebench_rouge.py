"""infinitebench_longbook_sum_en's score: ROUGE-Lsum, refused at load without rouge-score (the
pack's ``infinitebench`` extra)."""

from lmeval_tasks_longcontext.infinitebench.scoring import rouge, rouge_scorer

rouge_scorer()

__all__ = ["rouge"]
