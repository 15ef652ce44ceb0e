"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import (
    olaph_answer,
    olaph_docs,
    olaph_question,
    perplexity_olaph,
)

__all__ = ["olaph_answer", "olaph_docs", "olaph_question", "perplexity_olaph"]
