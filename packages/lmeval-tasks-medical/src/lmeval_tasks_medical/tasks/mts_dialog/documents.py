"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import mts_dialogue, mts_note, perplexity_mts_dialog

__all__ = ["mts_dialogue", "mts_note", "perplexity_mts_dialog"]
