"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import meqsum_question, meqsum_summary

__all__ = ["meqsum_question", "meqsum_summary"]
