"""C4's ``doc_to_target`` and ``process_results``: WikiText's detokenizer on the document text;
word and byte counts of the text before detokenizing (lmeval_tasks_classic.detokenize)."""

from __future__ import annotations

from lmeval_tasks_classic.detokenize import counts, detokenize


def c4_detokenizer(doc: dict) -> str:
    return detokenize(doc["text"])


def process_results(doc: dict, results: list) -> dict:
    """Per-document (log-likelihood, count) pairs."""
    (loglikelihood,) = results
    words, nbytes = counts(doc["text"])
    return {
        "word_perplexity": (loglikelihood, words),
        "byte_perplexity": (loglikelihood, nbytes),
        "bits_per_byte": (loglikelihood, nbytes),
    }
