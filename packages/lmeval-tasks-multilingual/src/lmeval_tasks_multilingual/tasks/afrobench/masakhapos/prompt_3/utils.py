"""MasakhaPOS helpers: the gold tag names and the per-sentence tag accuracy."""

from lmeval_tasks_multilingual.tagging import pos_process_results as process_results
from lmeval_tasks_multilingual.tagging import pos_target as doc_to_target

__all__ = ["doc_to_target", "process_results"]
