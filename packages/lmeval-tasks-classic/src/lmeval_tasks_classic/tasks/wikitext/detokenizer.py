"""WikiText's ``doc_to_target`` and ``process_results``: the page detokenized; counts of the
original page (``lmeval_tasks_classic.detokenize``)."""

from __future__ import annotations

from lmeval_tasks_classic.detokenize import counts, detokenize


def wikitext_detokenizer(doc: dict) -> str:
    return detokenize(doc["page"])


def process_results(doc: dict, results: list) -> dict:
    """Per-document (log-likelihood, count) pairs; counts from the original, tokenized page."""
    (loglikelihood,) = results
    words, nbytes = counts(doc["page"])
    return {
        "word_perplexity": (loglikelihood, words),
        "byte_perplexity": (loglikelihood, nbytes),
        "bits_per_byte": (loglikelihood, nbytes),
    }
