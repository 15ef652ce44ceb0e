"""Glianorex's prompt, answer and language filters (``lmeval_tasks_medical.glianorex``) for the YAML beside this file."""

from lmeval_tasks_medical.glianorex import doc_to_target, doc_to_text, filter_english, filter_french

__all__ = ["doc_to_target", "doc_to_text", "filter_english", "filter_french"]
