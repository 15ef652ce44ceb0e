"""TruthfulQA in Galician (proxectonos/truthfulqa_gl), generation: scored as TruthfulQA-va is
(the classic pack's metric ``truthfulqa_true_false``), with "Non teño ningún comentario." among the true answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.truthfulqa_docs import prepare_docs, scores, true_false

_NO_COMMENT = "Non teño ningún comentario."

_SCORE = true_false("truthfulqa_gl_gen")


def process_results_gen(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    return scores(_SCORE, doc, results)


def process_docs_gen(docs: Any) -> Any:
    return prepare_docs(docs, _NO_COMMENT)
