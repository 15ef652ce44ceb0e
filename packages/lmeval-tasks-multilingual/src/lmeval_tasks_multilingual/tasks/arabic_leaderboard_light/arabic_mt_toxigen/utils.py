"""OALL document preparation: query, choices and gold of each row."""

from lmeval_tasks_multilingual.arabic_leaderboard import (
    process_docs_acva,
    process_docs_boolq,
    process_docs_copa,
    process_docs_exams,
    process_docs_hellaswag,
    process_docs_mmlu,
    process_docs_numbered,
    process_docs_sciq,
    process_docs_toxigen,
)

__all__ = ['process_docs_numbered', 'process_docs_exams', 'process_docs_mmlu', 'process_docs_boolq', 'process_docs_copa', 'process_docs_hellaswag', 'process_docs_sciq', 'process_docs_toxigen', 'process_docs_acva']
