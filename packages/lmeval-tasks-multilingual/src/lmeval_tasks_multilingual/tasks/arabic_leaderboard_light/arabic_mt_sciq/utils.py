"""OALL document preparation: query, choices and gold of each row."""

from lmeval_tasks_multilingual.arabic_leaderboard import (
    process_docs_sciq,
)

__all__ = ['process_docs_sciq']
