"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import (
    dialog_answer,
    dialog_question,
    perplexity_qsumm,
    perplexity_raw,
    qsumm_source,
    qsumm_target,
)

__all__ = ["dialog_answer", "dialog_question", "perplexity_qsumm", "perplexity_raw", "qsumm_source", "qsumm_target"]
