"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    process_docs_boolq_arabic,
    process_docs_boolq_english,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['process_docs_boolq_arabic', 'process_docs_boolq_english', 'micro_f1_score']
