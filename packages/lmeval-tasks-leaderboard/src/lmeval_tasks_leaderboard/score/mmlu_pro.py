"""SCORE on MMLU-Pro (``TIGER-Lab/MMLU-Pro``): options A-J, accuracies macro-averaged over categories."""

from __future__ import annotations

from typing import Any

from lmeval_tasks_leaderboard.score import robustness as rb

LABELS = list("ABCDEFGHIJ")


def prompt_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_prompts(dataset, rb.templates("mmlu_pro")["prompt_robustness"])


def option_order_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_answer_at_each_label(dataset, rb.templates("mmlu_pro")["option_order_robustness"], LABELS)


def non_greedy_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_one_prompt(dataset, rb.templates("mmlu_pro")["non_greedy_robustness"])


def _answer(doc: dict[str, Any], results: list[str]) -> str:
    return rb.final_answer(results[0], LABELS, doc["options_format"])


def prompt_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    answer, gold = _answer(doc, results), LABELS[doc["answer_index"]]
    return {
        f"{doc['prompt_id']}_macro_accuracy": (doc["question_id"], doc["prompt_id"], answer, gold, doc["category"]),
        "consistency_rate": (doc["question_id"], doc["prompt_id"], answer, gold),
    }


def option_order_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    answer, same = _answer(doc, results), doc["always_same_option"]
    return {
        f"per_option_macro_accuracy_{same}": (doc["question_id"], same, answer, LABELS[doc["answer_index"]],
                                              doc["category"]),
        "options_consistency_rate": (doc["question_id"], same, answer, doc["original_answer_index"],
                                     (doc["answer_index"],)),
    }


def non_greedy_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    return {"non_greedy_macro_accuracy": (doc["question_id"], _answer(doc, results), LABELS[doc["answer_index"]],
                                          doc["category"])}


def _by_category(rows: list[tuple[Any, bool]]) -> dict[Any, list[bool]]:
    out: dict[Any, list[bool]] = {}
    for category, hit in rows:
        out.setdefault(category, []).append(hit)
    return out


def per_prompt_accuracy(prompt_id: int):
    def aggregate(results: list[tuple]) -> float:
        return rb.macro(_by_category([(c, a == g) for _, pid, a, g, c in results if pid == prompt_id]))
    aggregate.__name__ = f"per_prompt_accuracy_{prompt_id}"
    return aggregate


def per_option_macro_accuracy(label: str):
    def aggregate(results: list[tuple]) -> float:
        return rb.macro(_by_category([(c, int(a == g)) for _, same, a, g, c in results if same == label]))
    aggregate.__name__ = f"per_option_macro_accuracy_{label.lower()}"
    return aggregate


def non_greedy_macro_accuracy(results: list[tuple]) -> float:
    return rb.macro(_by_category([(c, a == g) for _, a, g, c in results]))


def options_consistency_rate(results: list[tuple]) -> float:
    return rb.options_consistency_rate(results, LABELS)


prompt_consistency_rate = rb.prompt_consistency_rate
doc_to_text = rb.doc_to_text
