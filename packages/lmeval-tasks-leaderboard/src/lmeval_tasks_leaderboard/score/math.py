"""SCORE on MATH (``EleutherAI/hendrycks_math``): the reference answer read from the solution's
boxed entries (MATH's ambiguous multi-box answers corrected from ``data/score``), the model's
last boxed answer compared with :func:`.grader.math_equal`."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from lmeval_tasks_leaderboard.score import robustness as rb
from lmeval_tasks_leaderboard.score.grader import (
    extract_answer,
    math_equal,
    normalize_answer_string,
)

EQUATION_QUESTIONS = ("Find the equation", "Enter the equation", "What is the equation",
                      "described by the equation", "Find an equation")


@cache
def corrected_answers() -> tuple[dict[str, str], ...]:
    return tuple(json.loads((rb.DATA / "math_corrected_answers.json").read_text(encoding="utf-8")))


def boxed_entries(solution: str) -> list[str]:
    """The normalised content of every outermost ``\\boxed{...}``; one entry when they all agree."""
    stack: list[int] = []
    found: list[str] = []
    i = 0
    while i < len(solution):
        if solution[i:i + 7] == "\\boxed{":
            stack.append(i + 7)
            i += 7
            continue
        if solution[i] == "{" and stack:
            stack.append(i + 1)
        elif solution[i] == "}" and stack:
            start = stack.pop()
            if not stack:
                found.append(solution[start:i])
        i += 1
    if not found:
        raise ValueError(f"Not enough boxed entries: the MATH solution ...{solution[-60:]!r} has no \\boxed{{...}} "
                         "(lm-eval's SCORE stops on it too)")
    entries = [normalize_answer_string(entry) for entry in found]
    return entries[:1] if all(a == b for a, b in zip(entries, entries[1:], strict=False)) else entries


def reference_answer(solution: str, problem: str) -> str:
    entries = boxed_entries(solution)
    answer = entries[0]
    if len(entries) > 1:
        answer = next((item["answer"] for item in corrected_answers() if item["problem"] == problem),
                      ", ".join(entries))
    if not any(phrase in problem for phrase in EQUATION_QUESTIONS) and answer.count("=") == 1:
        answer = answer.split("=")[1]
    return answer


def prepare(dataset: Any) -> Any:
    def prepared(doc: dict[str, Any], index: int) -> dict[str, Any]:
        return {"question": doc["problem"], "question_id": index, "solution": doc["solution"],
                "answer": reference_answer(doc["solution"], doc["problem"])}
    return dataset.map(prepared, with_indices=True)


def prompt_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_prompts(prepare(dataset), rb.templates("math")["prompt_robustness"])


def non_greedy_robustness_process_docs(dataset: Any) -> Any:
    return rb.with_one_prompt(prepare(dataset), rb.templates("math")["non_greedy_robustness"])


def prompt_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    answer = extract_answer(results[0])
    hit = 1 if math_equal(answer, doc["answer"]) else 0
    return {f"{doc['prompt_id']}_accuracy": (doc["prompt_id"], hit), "consistency_rate": (doc["question_id"], answer)}


def non_greedy_robustness_process_results(doc: dict[str, Any], results: list[str]) -> dict[str, tuple]:
    return {"non_greedy_accuracy": (doc["question_id"], extract_answer(results[0]), doc["answer"], None)}


def per_prompt_accuracy(prompt_id: int):
    def aggregate(results: list[tuple]) -> float:
        return rb.share([hit for pid, hit in results if pid == prompt_id])
    aggregate.__name__ = f"per_prompt_accuracy_{prompt_id}"
    return aggregate


def prompt_consistency_rate(results: list[tuple]) -> float:
    return rb.consistency_rate(rb.by_question(results), same=math_equal)


def non_greedy_accuracy(results: list[tuple]) -> float:
    return rb.share([1 if math_equal(answer, gold) else 0 for _, answer, gold, _ in results])


doc_to_text = rb.doc_to_text
