"""LongBench's ``process_results`` helpers: the best score over a document's answers, reported
under the metric's own name and as ``score`` (the name the groups average), as lm-eval 0.4.13's
``get_*_with_score`` functions do."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lmeval_tasks_longcontext.longbench import answers

__all__ = ["get_classification_with_score", "get_code_sim_with_score", "get_count_with_score",
           "get_qa_f1_with_score", "get_qa_f1_zh_with_score", "get_retrieval_with_score",
           "get_retrieval_zh_with_score", "get_rouge_with_score", "get_rouge_zh_with_score"]


def _best(doc: dict, prediction: str, scorer: Callable[..., float], **kwargs: Any) -> float:
    best = 0.0
    for ground_truth in doc["answers"]:
        best = max(scorer(prediction, ground_truth, **kwargs), best)
    return best


def _helper(metric: str, scorer: Callable[..., float], *, strip: bool = True,
            classes: bool = False) -> Callable[..., dict[str, float]]:
    def process_results(doc: dict, results: list[str], **_: Any) -> dict[str, float]:
        prediction = results[0].strip() if strip else results[0]
        extra = {"all_classes": doc["all_classes"]} if classes else {}
        value = _best(doc, prediction, scorer, **extra)
        return {"score": value, metric: value}
    process_results.__name__ = process_results.__qualname__ = f"get_{metric.removesuffix('_score')}_with_score"
    return process_results


get_qa_f1_with_score = _helper("qa_f1_score", answers.qa_f1_score)
get_qa_f1_zh_with_score = _helper("qa_f1_zh_score", answers.qa_f1_zh_score)
get_rouge_with_score = _helper("rouge_score", answers.rouge_score)
get_rouge_zh_with_score = _helper("rouge_zh_score", answers.rouge_zh_score)
get_classification_with_score = _helper("classification_score", answers.classification_score,
                                        classes=True)
get_count_with_score = _helper("count_score", answers.count_score)
get_retrieval_with_score = _helper("retrieval_score", answers.retrieval_score)
get_retrieval_zh_with_score = _helper("retrieval_zh_score", answers.retrieval_zh_score)
#: the code prediction is not stripped: its first line is what is compared
get_code_sim_with_score = _helper("code_sim_score", answers.code_sim_score, strip=False)
