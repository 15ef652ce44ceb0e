"""DarijaBench sentiment: lettered labels."""

from lmeval_tasks_multilingual.darija import sentiment_doc_to_choice_2 as doc_to_choice_2
from lmeval_tasks_multilingual.darija import sentiment_doc_to_choice_3 as doc_to_choice_3
from lmeval_tasks_multilingual.darija import sentiment_doc_to_target as doc_to_target
from lmeval_tasks_multilingual.darija import sentiment_doc_to_text as doc_to_text

__all__ = ['doc_to_text', 'doc_to_choice_2', 'doc_to_choice_3', 'doc_to_target']
