"""DarijaBench (MBZUAI-Paris/DarijaBench; Shang et al. 2024, arXiv:2409.17912): prompts, targets,
document selection and the answer filter. Sentiment: the chat row's user message with lettered
labels, the assistant message as the answer; translation, transliteration and summarization:
the user message as the prompt, the assistant message as the reference."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
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


# ---------------------------------------------------------------- translation, transliteration, summary
# The chat row's user message is the whole prompt (instruction line, then the text) and the
# assistant message the reference; one split per corpus, the direction in a column.
SUMMARY_INSTRUCTION = "لخص هاد المقطع"


def chat_doc_to_text(doc: Mapping[str, Any]) -> str:
    return doc["messages"][0]["content"]


def chat_doc_to_target(doc: Mapping[str, Any]) -> str:
    return doc["messages"][1]["content"]


def summary_doc_to_text(doc: Mapping[str, Any]) -> str:
    """The MArSum prompt with the length asked for: "summarise this passage in 30 words"."""
    return chat_doc_to_text(doc).replace(SUMMARY_INSTRUCTION, SUMMARY_INSTRUCTION + " في ٣٠ كلمة")


def strip(resps: Iterable[Sequence[str]], docs: Any) -> Iterator[str]:
    """The first generation of each document, stripped (lm-eval's ``STRIP_ANSWER`` filter)."""
    return (r[0].strip() for r in resps)


def _direction(name: str) -> Callable[[Any], Any]:
    def process_docs(docs: Any) -> Any:
        return docs.filter(lambda doc: doc["direction"] == name)

    process_docs.__name__ = name
    process_docs.__doc__ = f"The rows of direction {name!r}."
    return process_docs


TRANSLATION_DIRECTIONS = ["dr_fr", "dr_en", "dr_msa", "fr_dr", "en_dr", "msa_dr"]
TRANSLITERATION_DIRECTIONS = ["dr_ar", "ar_dr"]
dr_fr, dr_en, dr_msa, fr_dr, en_dr, msa_dr = (_direction(d) for d in TRANSLATION_DIRECTIONS)
dr_ar, ar_dr = (_direction(d) for d in TRANSLITERATION_DIRECTIONS)
