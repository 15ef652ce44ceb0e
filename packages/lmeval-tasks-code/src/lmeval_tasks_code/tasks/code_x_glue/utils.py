"""CodeXGLUE code-to-text prompts: tokens joined by single spaces, newlines dropped."""

from __future__ import annotations


def _squash(tokens: list[str], newline: str) -> str:
    return " ".join(" ".join(tokens).replace("\n", newline).split())


def doc_to_text(doc: dict) -> str:
    """The function's code tokens, whitespace collapsed."""
    return _squash(doc["code_tokens"], " ")


def doc_to_target(doc: dict) -> str:
    """The docstring tokens, newlines removed (not replaced), whitespace collapsed."""
    return _squash(doc["docstring_tokens"], "")
