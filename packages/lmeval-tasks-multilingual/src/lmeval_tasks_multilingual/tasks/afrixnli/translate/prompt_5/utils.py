"""AfriXNLI helpers: the label words of each prompt, Lai's prompt, weighted F1."""

from lmeval_tasks_multilingual.afri import (
    doc_to_target_prompt_1,
    doc_to_target_prompt_2,
    doc_to_target_prompt_3,
    doc_to_target_prompt_4,
    doc_to_target_prompt_5,
    lai_doc_to_text,
)
from lmeval_tasks_multilingual.scoring import weighted_f1_score

__all__ = ["doc_to_target_prompt_1", "doc_to_target_prompt_2", "doc_to_target_prompt_3",
           "doc_to_target_prompt_4", "doc_to_target_prompt_5", "lai_doc_to_text", "weighted_f1_score"]
