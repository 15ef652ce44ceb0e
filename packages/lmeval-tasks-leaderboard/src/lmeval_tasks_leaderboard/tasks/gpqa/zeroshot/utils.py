"""GPQA's answer shuffling (``lmeval_tasks_leaderboard.gpqa``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.gpqa import process_docs

__all__ = ["process_docs"]
