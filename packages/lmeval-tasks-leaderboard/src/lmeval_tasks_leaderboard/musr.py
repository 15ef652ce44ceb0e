"""MuSR prompts as lm-eval 0.4.13's ``leaderboard_musr_*`` tasks build them: the narrative, the
question, the numbered choices (the dataset stores them as a Python list literal), ``Answer:``."""

from __future__ import annotations

import ast
from typing import Any


def choices(doc: dict[str, Any]) -> list[str]:
    return list(ast.literal_eval(doc["choices"]))


def doc_to_text(doc: dict[str, Any]) -> str:
    numbered = "".join(f"{i} - {choice}\n" for i, choice in enumerate(choices(doc), start=1))
    return f"{doc['narrative']}\n\n{doc['question']}\n\n{numbered}\nAnswer:"
