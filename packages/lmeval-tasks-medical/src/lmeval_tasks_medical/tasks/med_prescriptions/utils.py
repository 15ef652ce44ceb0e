"""The prescription documents, prompts and options (``lmeval_tasks_medical.prescriptions``) for the YAML beside this file."""

from lmeval_tasks_medical.prescriptions import (
    doc_to_choice_easy,
    doc_to_choice_hard,
    doc_to_target,
    doc_to_text_easy,
    doc_to_text_hard,
    process_docs,
)

__all__ = ["doc_to_choice_easy", "doc_to_choice_hard", "doc_to_target", "doc_to_text_easy", "doc_to_text_hard", "process_docs"]
