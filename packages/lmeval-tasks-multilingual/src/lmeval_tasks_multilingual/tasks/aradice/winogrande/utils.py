"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    winogrande_doc_to_choice,
    winogrande_doc_to_target,
    winogrande_doc_to_text,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['winogrande_doc_to_text', 'winogrande_doc_to_target', 'winogrande_doc_to_choice', 'micro_f1_score']
