"""SCORE on AGIEval's English multiple-choice sets (``hails/agieval-*``): options A-E."""

from __future__ import annotations

import re
from typing import Any

from lmeval_tasks_leaderboard.score import robustness as rb

LABELS = ["A", "B", "C", "D", "E"]
_PREFIXES = ((re.compile(r"^\([A-E]\)"), 3), (re.compile(r"^[A-E] "), 2), (re.compile(r"^[A-E]\? "), 3))


def _option(text: str) -> str:
    return next((text[cut:] for pattern, cut in _PREFIXES if pattern.match(text)), text)


def prepare(dataset: Any) -> Any:
    """AGIEval rows as SCORE reads them: ``question`` (without its answer choices), ``question_id``
    (the row's index), ``answer_index``, ``answer`` and ``options`` (their ``(X)`` prefixes cut)."""
    def prepared(doc: dict[str, Any], index: int) -> dict[str, Any]:
        if "question" not in doc:
            question = doc["query"].split(" Answer Choices:")[0]
            doc["question"] = question[3:] if question.startswith("Q: ") else question
        doc.setdefault("question_id", index)
        doc.setdefault("answer_index", doc["gold"][0])
        doc.setdefault("answer", LABELS[doc["answer_index"]])
        doc.setdefault("options", [_option(option) for option in doc["choices"]])
        return doc

    return dataset.map(prepared, with_indices=True)


def prompt_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_prompts(dataset, rb.templates("agieval")["prompt_robustness"], prepare)


def option_order_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_answer_at_each_label(dataset, rb.templates("agieval")["option_order_robustness"],
                                        LABELS[:-1], prepare)


def non_greedy_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_one_prompt(dataset, rb.templates("agieval")["non_greedy_robustness"], prepare)


def _answer(doc: dict[str, Any], results: list[str]) -> str:
    return rb.final_answer(results[0], LABELS, doc["options_format"])


def prompt_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    record = (doc["question_id"], doc["prompt_id"], _answer(doc, results), LABELS[doc["answer_index"]])
    return {f"{doc['prompt_id']}_accuracy": record, "consistency_rate": record}


def option_order_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    answer, same = _answer(doc, results), doc["always_same_option"]
    return {
        f"per_option_accuracy_{same}": (doc["question_id"], same, answer, LABELS[doc["answer_index"]]),
        "options_consistency_rate": (doc["question_id"], same, answer, doc["original_answer_index"],
                                     (doc["answer_index"],)),
    }


def non_greedy_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    return {"non_greedy_accuracy": (doc["question_id"], _answer(doc, results), LABELS[doc["answer_index"]], None)}


def per_prompt_accuracy(prompt_id: int):
    def aggregate(results: list[tuple]) -> float:
        return rb.share([answer == gold for _, pid, answer, gold in results if pid == prompt_id])
    aggregate.__name__ = f"per_prompt_accuracy_{prompt_id}"
    return aggregate


def per_option_accuracy(label: str):
    def aggregate(results: list[tuple]) -> float:
        return rb.share([int(answer == gold) for _, same, answer, gold in results if same == label])
    aggregate.__name__ = f"per_option_accuracy_{label.lower()}"
    return aggregate


def non_greedy_accuracy(results: list[tuple]) -> float:
    return rb.share([answer == gold for _, answer, gold, _ in results])


def options_consistency_rate(results: list[tuple]) -> float:
    return rb.options_consistency_rate(results, LABELS)


prompt_consistency_rate = rb.prompt_consistency_rate
doc_to_text = rb.doc_to_text
