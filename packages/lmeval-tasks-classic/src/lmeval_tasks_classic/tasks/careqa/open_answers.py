"""CareQA-Open's question and reference answer, and the reference answers' perplexity
(``careqa_open_perplexity``, which needs none of ``open_metrics``' libraries)."""

from __future__ import annotations

import re


def doc_to_text(doc: dict) -> str:
    return doc["question"]


def doc_to_target(doc: dict) -> str:
    return doc["answer"]


def perplexity_results(doc: dict, results: list[float]) -> dict[str, tuple[float, int]]:
    """(log-likelihood, count) pairs; words are the pieces of ``re.split(r"\\s+")``."""
    (loglikelihood,) = results
    answer = doc_to_target(doc)
    words = len(re.split(r"\s+", answer))
    nbytes = len(answer.encode("utf-8"))
    return {"word_perplexity": (loglikelihood, words), "byte_perplexity": (loglikelihood, nbytes),
            "bits_per_byte": (loglikelihood, nbytes)}
