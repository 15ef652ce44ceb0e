"""MedQA's prompt: the question (``sent1``), endings 0-3 lettered A-D, then ``Answer:``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def doc_to_text(doc: Mapping[str, Any]) -> str:
    options = "".join(f"{letter}. {doc[f'ending{i}']}\n" for i, letter in enumerate("ABCD"))
    return f"Question: {doc['sent1']}\n{options}Answer:"
