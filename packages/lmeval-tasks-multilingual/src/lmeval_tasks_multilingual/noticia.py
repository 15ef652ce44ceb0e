"""NoticIA (García-Ferrero and Altuna 2024, arXiv:2404.07611): one-sentence summaries of clickbait
news, scored as lm-eval 0.4.13 scores them: ROUGE-1 (HF evaluate's rouge: bootstrap mid F-measure)
of the cleaned texts, and the mean length in words of the cleaned answers. Needs the [rouge] extra.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

from lmeval_tasks_multilingual import summary_rouge

_NO_PUNCTUATION = str.maketrans("", "", string.punctuation)


def clean_text(text: str) -> str:
    """ASCII punctuation removed, whitespace runs (newlines too) made one space, lower-cased."""
    return " ".join(text.translate(_NO_PUNCTUATION).replace("\n", " ").split()).lower()


def rouge1(items: Any) -> Any:
    """Per document: the (reference, answer) pair, scored over the whole set by :func:`rouge1_agg`."""
    return items


def rouge1_agg(items: Sequence[tuple[str, str]]) -> float:
    return summary_rouge.rouge1_agg([(clean_text(ref), clean_text(pred)) for ref, pred in items])


def average_len(items: Any) -> Any:
    """Per document: the (reference, answer) pair, measured by :func:`average_len_agg`."""
    return items


def average_len_agg(items: Sequence[tuple[str, str]]) -> float:
    return sum(len(clean_text(pred).split()) for _, pred in items) / len(items)
