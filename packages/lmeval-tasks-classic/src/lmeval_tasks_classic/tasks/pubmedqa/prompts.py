"""PubMedQA's prompt: the abstract's context paragraphs, one a line, then the question."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def doc_to_text(doc: Mapping[str, Any]) -> str:
    abstract = "\n".join(doc["CONTEXTS"])
    return f"Abstract: {abstract}\nQuestion: {doc['QUESTION']}\nAnswer:"
