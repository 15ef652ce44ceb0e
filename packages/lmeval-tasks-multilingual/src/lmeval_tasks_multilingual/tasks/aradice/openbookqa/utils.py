"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    openbookqa_doc_to_choice,
    openbookqa_doc_to_target,
    openbookqa_doc_to_text,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['openbookqa_doc_to_text', 'openbookqa_doc_to_choice', 'openbookqa_doc_to_target', 'micro_f1_score']
