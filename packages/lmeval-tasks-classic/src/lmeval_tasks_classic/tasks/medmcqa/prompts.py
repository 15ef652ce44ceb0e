"""MedMCQA's prompt: the question, options ``opa`` … ``opd`` lettered A-D, then ``Answer:``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def doc_to_text(doc: Mapping[str, Any]) -> str:
    options = "".join(f"{letter}. {doc[key]}\n" for letter, key in zip("ABCD", ("opa", "opb", "opc", "opd"), strict=True))
    return f"Question: {doc['question']}\nChoices:\n{options}Answer:"
