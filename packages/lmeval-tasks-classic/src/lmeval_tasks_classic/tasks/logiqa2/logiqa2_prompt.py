"""LogiQA 2.0's prompt: passage, question, the options lettered A-D, then ``Answer:``."""

from __future__ import annotations


def doc_to_text(doc: dict) -> str:
    lines = [f"Passage: {doc['text']}", f"Question: {doc['question']}"]
    lines += [f"{letter}. {option}" for letter, option in zip("ABCD", doc["options"], strict=False)]
    return "\n".join(lines) + "\nAnswer:"
