"""TruthfulQA in Valencian (gplsi/truthfulqa_va), generation: the answer scored against the true
and the false references with T5-style sentence BLEU (sacrebleu) and ROUGE-1/2/Lsum (rouge-score),
as lm-eval 0.4.13 does (the classic pack's metric ``truthfulqa_true_false``): for each measure the best true score
(``_max``), whether it beats the best false one (``_acc``) and by how much (``_diff``). BLEURT is not
computed (lm-eval's is commented out).

lm-eval appends the Galician "Non teño ningún comentario." to the true answers; kept for parity.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.truthfulqa_docs import prepare_docs, scores, true_false

_NO_COMMENT = "Non teño ningún comentario."

_SCORE = true_false("truthfulqa_va")


def process_results_gen(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    return scores(_SCORE, doc, results)


def process_docs_gen(docs: Any) -> Any:
    return prepare_docs(docs, _NO_COMMENT)
