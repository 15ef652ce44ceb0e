"""MNLI's prompt: the hypothesis, stripped, ends with a full stop before the question."""

from __future__ import annotations


def doc_to_text(doc: dict) -> str:
    hypothesis = doc["hypothesis"].strip()
    if not hypothesis.endswith("."):
        hypothesis += "."
    return f"{doc['premise']}\nQuestion: {hypothesis} True, False or Neither?\nAnswer:"
