"""COPAL-ID prompts: the premise, then the Indonesian connective of the question type."""

from lmeval_tasks_multilingual.prompts import copa_choices, copa_premise

doc_to_choice = copa_choices


def doc_to_text_id(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'karena', 'effect': 'maka'})
