"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    process_docs_culture,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['process_docs_culture', 'micro_f1_score']
