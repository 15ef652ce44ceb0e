"""IndicParam's prompt, choices and gold, and its per-language document filter."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

LETTERS = ["A", "B", "C", "D"]
OPTIONS = ["option_a", "option_b", "option_c", "option_d"]


def doc_to_text(doc: Mapping[str, Any]) -> str:
    options = "\n".join(f"{letter}. {doc[opt]}" for letter, opt in zip(LETTERS, OPTIONS, strict=True))
    return f"Question: {doc['question_text']}\n{options}\nAnswer:"


def doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return list(LETTERS)


def doc_to_target(doc: Mapping[str, Any]) -> int:
    """``correct_answer`` is a letter a-d."""
    return LETTERS.index(doc["correct_answer"].upper())


def subject(value: str) -> Callable[[Any], Any]:
    """A ``process_docs`` keeping the documents whose ``subject`` is ``value``."""

    def process_docs(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["subject"] == value)

    return process_docs
