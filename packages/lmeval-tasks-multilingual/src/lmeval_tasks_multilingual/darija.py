"""DarijaBench sentiment (MBZUAI-Paris/DarijaBench; Shang et al. 2024, arXiv:2409.17912): the chat
row's user message as the prompt with lettered labels, the assistant message as the answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LETTERS = ["A", "B", "C"]
_LABELS = {"ايجابي": 1, "سلبي": 0, "ماكينش إحساس": 2}


def sentiment_doc_to_text(doc: Mapping[str, Any]) -> str:
    return (doc["messages"][0]["content"]
            .replace("-سلبي", "A. سلبي")
            .replace("-ايجابي", "B. ايجابي")
            .replace("-ماكينش إحساس",
                     "C. ماكينش إحساس\nThe answer should be strictly one letter of the following: A, B, C."))


def sentiment_doc_to_choice_3(doc: Mapping[str, Any]) -> list[str]:
    return LETTERS


def sentiment_doc_to_choice_2(doc: Mapping[str, Any]) -> list[str]:
    return LETTERS[:2]


def sentiment_doc_to_target(doc: Mapping[str, Any]) -> str:
    return LETTERS[_LABELS[doc["messages"][1]["content"]]]
