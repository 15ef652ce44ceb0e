"""The classification prompts and labels (``lmeval_tasks_medical.text_classification``) for the YAML beside this file."""

from lmeval_tasks_medical.text_classification import (
    doc_to_choice_easy,
    doc_to_choice_hard,
    doc_to_target_easy,
    doc_to_target_hard,
    doc_to_text_easy,
    doc_to_text_hard,
    process_docs,
    process_docs_hard,
)

__all__ = ["doc_to_choice_easy", "doc_to_choice_hard", "doc_to_target_easy", "doc_to_target_hard", "doc_to_text_easy", "doc_to_text_hard", "process_docs", "process_docs_hard"]
