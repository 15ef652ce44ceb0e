"""ROUGE-1 of the caBreu, cocoteros_va and TerretaQA generations and ROUGE-L of AfroBench's XL-Sum, as
lm-eval 0.4.13 computes them through HF evaluate's ``rouge`` module: ``rouge_score``'s scorer for
rouge1, rouge2, rougeL and rougeLsum (no stemmer, its default tokenizer), each (reference, prediction)
pair scored, then the bootstrap aggregator's middle F-measure (1,000 resamples drawn from NumPy's
global generator, which the run seeds).

``rouge-score`` is an optional extra: ``pip install 'lmeval-tasks-multilingual[rouge]'``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import product
from typing import Any

from lmeval.requires import require

_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


_NEEDED_BY = "cabreu, cocoteros_va, cocoteros_es, terretaqa, summarization_gl and xlsum"


def _modules() -> tuple[Any, Any]:
    scorer = require("rouge_score.rouge_scorer", needed_by=_NEEDED_BY, library="rouge-score",
                     install="'lmeval-tasks-multilingual[rouge]'")
    scoring = require("rouge_score.scoring", needed_by=_NEEDED_BY, library="rouge-score",
                      install="'lmeval-tasks-multilingual[rouge]'")
    return scorer, scoring


def rouge1(items: Any) -> Any:
    """Per document: the (reference, prediction) pair, scored over the whole set by :func:`rouge1_agg`."""
    return items


def _bootstrap_mid(items: Sequence[tuple[str, str]], kind: str) -> float:
    scorer_module, scoring = _modules()
    scorer = scorer_module.RougeScorer(rouge_types=_TYPES, use_stemmer=False, tokenizer=None)
    aggregator = scoring.BootstrapAggregator()
    for reference, prediction in items:
        aggregator.add_scores(scorer.score(reference, prediction))
    return float(aggregator.aggregate()[kind].mid.fmeasure)


def rouge1_agg(items: Sequence[tuple[str, str]]) -> float:
    return _bootstrap_mid(items, "rouge1")


def rougeL(items: Any) -> Any:  # noqa: N802 -- lm-eval's metric name
    """Per document: the (reference, prediction) pair, scored over the whole set by :func:`rougeL_agg`."""
    return items


def rougeL_agg(items: Sequence[tuple[str, str]]) -> float:  # noqa: N802
    return _bootstrap_mid(items, "rougeL")


def process_doc_cabreu(docs: Any) -> Any:
    """Runs of spaces collapsed in the text and in its nine summaries."""
    def fix(doc: dict[str, Any]) -> dict[str, Any]:
        summaries = {kind: dict(doc["summaries"][kind]) for kind in doc["summaries"]}
        for kind, index in product(["abstractive", "extractive", "extreme"], ["a1", "a2", "a3"]):
            summaries[kind][index] = re.sub(r" +", " ", summaries[kind][index])
        return {**doc, "content": re.sub(r" +", " ", doc["content"]), "summaries": summaries}

    return docs.map(fix)


_modules()  # on import: a missing rouge-score stops the run before the model loads
