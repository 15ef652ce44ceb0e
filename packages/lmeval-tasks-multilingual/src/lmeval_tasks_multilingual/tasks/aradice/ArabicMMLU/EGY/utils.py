"""AraDiCE ArabicMMLU: the dialect prompt; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    process_docs_mmlu_egy,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['process_docs_mmlu_egy', 'micro_f1_score']
