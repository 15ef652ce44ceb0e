"""XCOPA prompts: the premise, then the connective of the question type."""

from lmeval_tasks_multilingual.prompts import copa_choices, copa_premise

doc_to_choice = copa_choices


def doc_to_text_et(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'sest', 'effect': 'seetõttu'})


def doc_to_text_ht(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'poukisa', 'effect': 'donk sa'})


def doc_to_text_id(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'karena', 'effect': 'maka'})


def doc_to_text_it(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'perché', 'effect': 'quindi'})


def doc_to_text_qu(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'imataq', 'effect': 'chaymi'})


def doc_to_text_sw(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'kwa sababu', 'effect': 'kwa hiyo'})


def doc_to_text_ta(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'காரணமாக', 'effect': 'எனவே'})


def doc_to_text_th(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'เพราะ', 'effect': 'ดังนั้น'})


def doc_to_text_tr(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'çünkü', 'effect': 'bu yüzden'})


def doc_to_text_vi(doc: dict) -> str:
    return copa_premise(doc, {'cause': 'bởi vì', 'effect': 'vì vậy'})


def doc_to_text_zh(doc: dict) -> str:
    return copa_premise(doc, {'cause': '因为', 'effect': '所以'})
