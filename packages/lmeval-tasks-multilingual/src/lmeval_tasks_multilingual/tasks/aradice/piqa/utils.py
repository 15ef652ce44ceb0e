"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['micro_f1_score']
