"""COPA's prompt: the premise without its final period, joined to the alternative by
"because" (cause) or "therefore" (effect); each alternative starts lower case."""

from __future__ import annotations

_CONNECTOR = {"cause": "because", "effect": "therefore"}


def _lower_first(choice: str) -> str:
    return choice[0].lower() + choice[1:]


def doc_to_text(doc: dict) -> str:
    return doc["premise"].strip()[:-1] + f" {_CONNECTOR[doc['question']]}"


def doc_to_target(doc: dict) -> str:
    return " " + _lower_first(doc["choice1"] if doc["label"] == 0 else doc["choice2"])


def doc_to_choice(doc: dict) -> list[str]:
    return [" " + _lower_first(doc["choice1"]), " " + _lower_first(doc["choice2"])]
