"""Prompts, references and perplexity counts (``lmeval_tasks_medical.open_documents``) for the
YAML beside this file; no scoring library needed."""

from lmeval_tasks_medical.open_documents import mimic_findings, mimic_impressions, perplexity_mimic

__all__ = ["mimic_findings", "mimic_impressions", "perplexity_mimic"]
