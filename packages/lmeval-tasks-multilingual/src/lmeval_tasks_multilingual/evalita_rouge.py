"""ROUGE-1 of the Evalita-LLM summaries (Fanpage), as lm-eval 0.4.13 computes it through HF
evaluate's ``rouge`` module for each document: rouge-score's scorer (rouge1, rouge2, rougeL,
rougeLsum; no stemmer, its default tokenizer) on the (reference, summary) pair, then the bootstrap
aggregator's middle F-measure of rouge1 (of one pair: its own score).

``rouge-score`` is an optional extra: ``pip install 'lmeval-tasks-multilingual[rouge]'``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.requires import require

_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
_NEEDED_BY = "the Evalita-LLM summarization tasks (evalita-sp_sum_task_fp*)"
_scorer_module = require("rouge_score.rouge_scorer", needed_by=_NEEDED_BY, library="rouge-score",
                         install="'lmeval-tasks-multilingual[rouge]'")
_scoring = require("rouge_score.scoring", needed_by=_NEEDED_BY, library="rouge-score",
                   install="'lmeval-tasks-multilingual[rouge]'")


def process_results_sum(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    reference = doc.get("summary", doc.get("target"))
    scorer = _scorer_module.RougeScorer(rouge_types=_TYPES, use_stemmer=False, tokenizer=None)
    aggregator = _scoring.BootstrapAggregator()
    aggregator.add_scores(scorer.score(reference, results[0]))
    return {"rouge1": float(aggregator.aggregate()["rouge1"].mid.fmeasure)}
