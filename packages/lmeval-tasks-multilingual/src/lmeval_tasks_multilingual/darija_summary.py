"""ROUGE of the DarijaBench summaries (MArSum), as lm-eval 0.4.13 computes it.

Each of lm-eval's ``agg_rouge*`` helpers makes one HF evaluate ``rouge`` call on the documents'
``[target, generation]`` pairs unpacked as (predictions, references): ``rouge_score``'s scorer
for rouge1, rouge2, rougeL and rougeLsum (no stemmer), each pair scored, then a fresh bootstrap
aggregator's middle F-measure (1,000 resamples from NumPy's global generator, which the run
seeds) of the one type it reports. The same here, without evaluate, in the same order.

``rouge-score`` is an optional extra: ``pip install 'lmeval-tasks-multilingual[rouge]'``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lmeval.requires import require

_TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def _modules() -> tuple[Any, Any]:
    found = [require(m, needed_by="the ROUGE of darija_summarization_task", library="rouge-score",
                     install="'lmeval-tasks-multilingual[rouge]'")
             for m in ("rouge_score.rouge_scorer", "rouge_score.scoring")]
    return found[0], found[1]


def evaluate_rouge(predictions: Sequence[str], references: Sequence[str]) -> dict[str, float]:
    """HF evaluate's ``rouge.compute(predictions=..., references=...)`` with its defaults."""
    scorer_module, scoring = _modules()
    scorer = scorer_module.RougeScorer(rouge_types=_TYPES, use_stemmer=False, tokenizer=None)
    aggregator = scoring.BootstrapAggregator()
    for reference, prediction in zip(references, predictions, strict=True):
        aggregator.add_scores(scorer.score(reference, prediction))
    return {kind: float(score.mid.fmeasure) for kind, score in aggregator.aggregate().items()}


def _mid(items: Sequence[Sequence[str]], kind: str) -> float:
    predictions, references = zip(*items, strict=True)
    return evaluate_rouge(predictions, references)[kind]


def rouge1(items: Any) -> Any:
    """Per document: the ``[target, generation]`` pair, scored over the set by :func:`agg_rouge1`."""
    return items


def rouge2(items: Any) -> Any:
    return items


def rougeL(items: Any) -> Any:  # noqa: N802 -- lm-eval's metric name
    return items


def rougeLsum(items: Any) -> Any:  # noqa: N802 -- lm-eval's metric name
    return items


def agg_rouge1(items: Sequence[Sequence[str]]) -> float:
    return _mid(items, "rouge1")


def agg_rouge2(items: Sequence[Sequence[str]]) -> float:
    return _mid(items, "rouge2")


def agg_rougel(items: Sequence[Sequence[str]]) -> float:
    return _mid(items, "rougeL")


def agg_rougelsum(items: Sequence[Sequence[str]]) -> float:
    return _mid(items, "rougeLsum")


_modules()  # on import: a missing rouge-score stops the run before the model loads
