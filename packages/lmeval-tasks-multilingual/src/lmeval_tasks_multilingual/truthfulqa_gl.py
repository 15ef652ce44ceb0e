"""TruthfulQA in Galician (proxectonos/truthfulqa_gl), generation: scored as TruthfulQA-va is
(:mod:`lmeval.metrics.true_false`), with "Non teño ningún comentario." among the true answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.metrics.true_false import TrueFalseScorer, prepare_docs

_NO_COMMENT = "Non teño ningún comentario."

_SCORER = TrueFalseScorer(needed_by="truthfulqa_gl_gen", install="'lmeval-tasks-multilingual[rouge]'")


def process_results_gen(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    return _SCORER.process_results(doc, results)


def process_docs_gen(docs: Any) -> Any:
    return prepare_docs(docs, _NO_COMMENT)
