"""ArabCulture (completion): prompt, choices and target."""

from lmeval_tasks_multilingual.arab_culture import completion_doc_to_choice as doc_to_choice
from lmeval_tasks_multilingual.arab_culture import completion_doc_to_target as doc_to_target
from lmeval_tasks_multilingual.arab_culture import completion_doc_to_text as doc_to_text

__all__ = ['doc_to_text', 'doc_to_choice', 'doc_to_target']
