"""BasqueBench helpers: XCOPA-eu connectives, PAWS-eu documents."""

from lmeval_tasks_multilingual.prompts import (
    copa_choices,
    copa_premise_kept,
    process_docs_paraphrases_raw,
)

xcopa_doc_to_choice = copa_choices
paws_process_docs = process_docs_paraphrases_raw


def xcopa_doc_to_text(doc: dict) -> str:
    return copa_premise_kept(doc, {"cause": " Izan ere,", "effect": " Beraz,"})
