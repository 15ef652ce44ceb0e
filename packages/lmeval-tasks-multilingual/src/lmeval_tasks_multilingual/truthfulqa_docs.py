"""The documents of the TruthfulQA translations' generation tasks, as lm-eval 0.4.13 prepares
them: the question stripped, every reference ending with a period, and the language's "no
comment" answer counted true. Scoring is the classic pack's registered metric
``truthfulqa_true_false`` (:func:`true_false`), named, not imported: the scorer lives once, in
the pack that owns TruthfulQA.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval.metrics.lookup import registered_metric

#: where the scorer comes from, for the one-line error when it is missing
PROVIDER = "lmeval-tasks-classic"
INSTALL = "'lmeval-tasks-classic[truthfulqa]'"


def with_periods(answers: Sequence[str]) -> list[str]:
    """Each answer stripped and ending with a period; empty ones dropped."""
    stripped = (answer.strip() for answer in answers)
    return [a if a.endswith(".") else a + "." for a in stripped if a]


def prepare_docs(docs: Any, no_comment: str) -> Any:
    """``docs`` with the question stripped, references with periods, ``no_comment`` true."""

    def prepare(doc: Mapping[str, Any]) -> dict[str, Any]:
        correct = with_periods(doc["correct_answers"])
        if no_comment not in correct:
            correct.append(no_comment)
        return {**doc, "question": doc["question"].strip(), "correct_answers": correct,
                "incorrect_answers": with_periods(doc["incorrect_answers"])}

    return docs.map(prepare)


def true_false(needed_by: str) -> Callable[..., dict[str, Any]]:
    """The ``truthfulqa_true_false`` metric: ``fn([true, false], [completion], measures=...)``;
    a one-line error naming the classic pack (or its extra) when it cannot score."""
    return registered_metric("truthfulqa_true_false", needed_by=needed_by, provider=PROVIDER,
                             install=INSTALL)


def scores(score: Callable[..., dict[str, Any]], doc: Mapping[str, Any], results: Sequence[str],
           measures: Sequence[str] = ("bleu", "rouge1", "rouge2", "rougeL")) -> dict[str, Any]:
    """A generation task's ``process_results``: the completion against the document's true and
    false references."""
    return score([doc["correct_answers"], doc["incorrect_answers"]], [results[0]],
                 measures=measures)
