"""Paloma's ``doc_to_target``: the document's text as a string, as lm-eval 0.4.13 takes it."""

from __future__ import annotations


def doc_to_target(doc: dict) -> str:
    return str(doc["text"])
