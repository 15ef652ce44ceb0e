"""WSC273: double spaces collapsed once, and each option made to read in the pronoun's place
(``'s`` after a possessive pronoun; a capitalised determiner or pronoun lower-cased, every
occurrence of it, unless the pronoun starts a sentence)."""

from __future__ import annotations

from typing import Any

UPPER_PRONOUNS = ("A", "An", "The", "She", "He", "It", "They", "My", "His", "Her", "Their")


def _normalize_option(doc: dict, text: str, option: str) -> str:
    if doc["pronoun"].lower() in ("my", "his", "her", "our", "their"):
        option += "'s"
    pronoun = option.split()[0]
    start_of_sentence = text[doc["pronoun_loc"] - 2] == "."
    if not start_of_sentence and pronoun in UPPER_PRONOUNS:
        return option.replace(pronoun, pronoun.lower())
    return option


def _process(doc: dict) -> dict:
    text = doc["text"].replace("  ", " ")  # the options are read against the collapsed text
    return {"text": text, "options": [_normalize_option(doc, text, o) for o in doc["options"]]}


def process_doc(dataset: Any) -> Any:
    if hasattr(dataset, "map"):
        return dataset.map(_process)
    return [{**doc, **_process(doc)} for doc in dataset]
