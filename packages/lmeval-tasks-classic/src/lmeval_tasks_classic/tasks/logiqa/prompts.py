"""LogiQA's prompt: the passage, the question, the options lettered A-D, then ``Answer:``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_LETTERS = "abcd"


def doc_to_text(doc: Mapping[str, Any]) -> str:
    options = "".join(f"{letter.upper()}. {option}\n" for letter, option in zip(_LETTERS, doc["options"], strict=False))
    return f"Passage: {doc['context']}\nQuestion: {doc['question']}\nChoices:\n{options}Answer:"


def doc_to_target(doc: Mapping[str, Any]) -> int:
    """``label`` is the option's lower-case letter (surrounding spaces ignored)."""
    return _LETTERS.index(doc["label"].strip())
