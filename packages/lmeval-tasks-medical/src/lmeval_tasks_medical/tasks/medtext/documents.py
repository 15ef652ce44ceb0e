"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import (
    medtext_completion,
    medtext_prompt,
    perplexity_medtext,
)

__all__ = ["medtext_completion", "medtext_prompt", "perplexity_medtext"]
