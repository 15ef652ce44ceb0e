"""eus_trivia: the question with as many lettered candidates as it has."""

from lmeval_tasks_multilingual.prompts import eus_letters as doc_to_choice
from lmeval_tasks_multilingual.prompts import eus_trivia_text as doc_to_text

__all__ = ["doc_to_choice", "doc_to_text"]
