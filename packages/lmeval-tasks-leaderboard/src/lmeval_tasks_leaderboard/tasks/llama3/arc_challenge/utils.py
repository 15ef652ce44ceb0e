"""Meta's ARC-Challenge preprocessing for the YAML beside this file."""

from lmeval_tasks_leaderboard.llama3 import arc_process_docs as process_docs

__all__ = ["process_docs"]
