"""AraDiCE document preparation; micro F1."""

from lmeval_tasks_multilingual.aradice import (
    openbookqa_doc_to_choice,
    openbookqa_doc_to_target,
    openbookqa_doc_to_text,
    process_docs_boolq_arabic,
    process_docs_boolq_english,
    process_docs_culture,
    process_docs_mmlu_egy,
    process_docs_mmlu_lev,
    winogrande_doc_to_choice,
    winogrande_doc_to_target,
    winogrande_doc_to_text,
)
from lmeval_tasks_multilingual.scoring import micro_f1_score

__all__ = ['process_docs_mmlu_egy', 'process_docs_mmlu_lev', 'process_docs_boolq_arabic', 'process_docs_boolq_english', 'process_docs_culture', 'openbookqa_doc_to_text', 'openbookqa_doc_to_choice', 'openbookqa_doc_to_target', 'winogrande_doc_to_text', 'winogrande_doc_to_target', 'winogrande_doc_to_choice', 'micro_f1_score']
