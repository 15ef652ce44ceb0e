"""WinoGrande partial scoring (Trinh & Le, 2018): contexts differ, the continuation is shared."""

from __future__ import annotations


def gold_index(doc: dict) -> int:
    """The dataset's answer is "1" or "2"."""
    return {"1": 0, "2": 1}[doc["answer"]]


def continuation(doc: dict) -> str:
    """What follows the blank ``_``, without surrounding spaces."""
    return doc["sentence"][doc["sentence"].index("_") + 1:].strip()


def contexts(doc: dict) -> list[str]:
    """The sentence up to the blank, completed with each option."""
    head = doc["sentence"][: doc["sentence"].index("_")]
    return [head + doc["option1"], head + doc["option2"]]
