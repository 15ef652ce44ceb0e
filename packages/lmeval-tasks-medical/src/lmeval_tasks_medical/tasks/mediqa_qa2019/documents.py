"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import mediqa_answer, mediqa_question, perplexity_mediqa

__all__ = ["mediqa_answer", "mediqa_question", "perplexity_mediqa"]
