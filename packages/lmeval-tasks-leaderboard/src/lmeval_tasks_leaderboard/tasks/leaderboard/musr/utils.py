"""MuSR's prompt (``lmeval_tasks_leaderboard.musr``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.musr import doc_to_text

__all__ = ["doc_to_text"]
