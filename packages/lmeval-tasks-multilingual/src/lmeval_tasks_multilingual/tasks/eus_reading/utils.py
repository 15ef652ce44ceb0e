"""eus_reading: the question with as many lettered candidates as it has."""

from lmeval_tasks_multilingual.prompts import eus_letters as doc_to_choice
from lmeval_tasks_multilingual.prompts import eus_reading_text as doc_to_text_context

__all__ = ["doc_to_choice", "doc_to_text_context"]
