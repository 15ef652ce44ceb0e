"""HellaSwag preprocessing: "<activity>: <ctx_a> <Ctx_b>" as the query, cleaned endings."""

from __future__ import annotations

import re

_BRACKETED = re.compile(r"\[.*?\]")


def preprocess(text: str) -> str:
    """Strip, turn WikiHow's " [title]" into a sentence break, drop other [markup]."""
    text = text.strip().replace(" [title]", ". ")
    text = _BRACKETED.sub("", text)
    return text.replace("  ", " ")


def _process(doc: dict) -> dict:
    ctx = doc["ctx_a"] + " " + doc["ctx_b"].capitalize()
    return {
        "query": preprocess(doc["activity_label"] + ": " + ctx),
        "choices": [preprocess(ending) for ending in doc["endings"]],
        "gold": int(doc["label"]),
    }


def process_docs(dataset):
    """Add ``query``, ``choices`` and ``gold`` to every document (a Dataset or a list)."""
    if hasattr(dataset, "map"):
        return dataset.map(_process)
    return [{**doc, **_process(doc)} for doc in dataset]
