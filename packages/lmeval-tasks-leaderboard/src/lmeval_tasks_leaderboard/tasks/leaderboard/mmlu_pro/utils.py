"""The leaderboard's MMLU-Pro prompt (``lmeval_tasks_leaderboard.mmlu_pro``) for the YAML beside
this file."""

from lmeval_tasks_leaderboard.mmlu_pro import leaderboard_doc_to_choice as doc_to_choice
from lmeval_tasks_leaderboard.mmlu_pro import leaderboard_doc_to_text as doc_to_text

__all__ = ["doc_to_choice", "doc_to_text"]
