"""Glianorex documents as lm-eval 0.4.13's ``glianorex*`` tasks read them."""

from __future__ import annotations

from typing import Any


def doc_to_text(doc: dict) -> str:
    """``Question: <q>`` then one ``<letter>. <option>`` line per option, then ``Answer:``."""
    options = "".join(f"{letter}. {text}\n" for letter, text in doc["options"].items())
    return f"Question: {doc['question']}\n{options}Answer:"


def doc_to_target(doc: dict) -> str:
    return doc["answer_idx"]


def _in_language(dataset: Any, prefix: str) -> Any:
    keep = lambda doc: doc["language"].startswith(prefix)  # noqa: E731
    if hasattr(dataset, "filter"):
        return dataset.filter(keep)
    return [doc for doc in dataset if keep(doc)]


def filter_english(dataset: Any) -> Any:
    return _in_language(dataset, "en")


def filter_french(dataset: Any) -> Any:
    return _in_language(dataset, "fr")
