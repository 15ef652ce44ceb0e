"""EusExams: questions without a valid answer or without candidates are dropped."""

from lmeval_tasks_multilingual.prompts import eus_exams_process_docs as process_docs

__all__ = ["process_docs"]
