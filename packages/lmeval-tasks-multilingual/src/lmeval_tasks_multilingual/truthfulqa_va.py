"""TruthfulQA in Valencian (gplsi/truthfulqa_va), generation: the answer scored against the true
and the false references with T5-style sentence BLEU (sacrebleu) and ROUGE-1/2/Lsum (rouge-score),
as lm-eval 0.4.13 does (:mod:`lmeval.metrics.true_false`): for each measure the best true score
(``_max``), whether it beats the best false one (``_acc``) and by how much (``_diff``). BLEURT is not
computed (lm-eval's is commented out).

lm-eval appends the Galician "Non teño ningún comentario." to the true answers; kept for parity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.metrics.true_false import TrueFalseScorer, prepare_docs

_NO_COMMENT = "Non teño ningún comentario."

_SCORER = TrueFalseScorer(needed_by="truthfulqa_va",
                          install="'lmeval-tasks-multilingual[rouge]'")


def process_results_gen(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    return _SCORER.process_results(doc, results)


def process_docs_gen(docs: Any) -> Any:
    return prepare_docs(docs, _NO_COMMENT)
