"""MMLU-Pro prompts as lm-eval 0.4.13's ``mmlu_pro_*`` (chain of thought) and
``leaderboard_mmlu_pro`` (letters scored) tasks build them."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

LETTERS = "ABCDEFGHIJ"
COT_OPENING = "A: Let's think step by step."


def doc_to_text(doc: dict[str, Any]) -> str:
    """``Question:`` block, at most ten ``X. option`` lines, then the chain-of-thought opening."""
    lines = ["Question:", doc["question"], "Options:"]
    lines += [f"{letter}. {option.strip()}" for letter, option in zip(LETTERS, doc["options"], strict=False)]
    return "\n".join(lines) + "\nAnswer: Let's think step by step."


def fewshot_to_target(doc: dict[str, Any]) -> str:
    """An example's reasoning without its opening (what follows the example's prompt)."""
    return doc["cot_content"].replace(COT_OPENING + " ", "")


def in_category(subject: str) -> Callable[[Any], Any]:
    """``process_docs`` keeping the documents of one ``category``."""
    def process_docs(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["category"] == subject)
    process_docs.__name__ = f"process_{subject.replace(' ', '_')}"
    return process_docs


def leaderboard_doc_to_text(doc: dict[str, Any]) -> str:
    """The leaderboard's prompt: the question, every option as ``X. option``, ``Answer:``."""
    options = "".join(f"{string.ascii_uppercase[i]}. {o}\n" for i, o in enumerate(doc["options"]))
    return f"{doc['question']}\n{options}Answer:"


def leaderboard_doc_to_choice(doc: dict[str, Any]) -> list[str]:
    return [string.ascii_uppercase[i] for i in range(len(doc["options"]))]
