"""The Open LLM Leaderboard's MATH-Hard (Level 5 problems) as lm-eval 0.4.13 scores it:
``exact_match`` is math-verify's verdict on the generation against the solution (read as LaTeX);
``exact_match_original`` the Minerva comparison in its frozen original normalisation (sympy
within 1 s)."""

from __future__ import annotations

from typing import Any

from lmeval_tasks_leaderboard.math import fewshot, minerva, symbolic
from lmeval_tasks_leaderboard.math.boxed import last_boxed, unbox

symbolic.require_libraries("leaderboard_math_hard")


def doc_to_text(doc: dict) -> str:
    return "Problem:\n" + doc["problem"] + "\n\nSolution:"


def _boxed_or_invalid(solution: str) -> str:
    try:
        return unbox(last_boxed(solution) or minerva.INVALID)
    except ValueError:
        return minerva.INVALID


def process_docs(dataset: Any) -> Any:
    return dataset.filter(lambda doc: doc["level"] == "Level 5").map(
        lambda doc: {"problem": doc["problem"], "solution": doc["solution"],
                     "answer": _boxed_or_invalid(doc["solution"])})


def list_fewshot_samples() -> list[dict]:
    return fewshot.leaderboard_examples()


def _original(doc: dict, generation: str) -> int:
    answer = minerva.normalize_original(minerva.final_answer(generation))
    gold = minerva.normalize_original(doc["answer"])
    if answer == minerva.INVALID:
        return 0
    return int(answer.strip() == gold.strip() or symbolic.sympy_equal(answer, gold, seconds=1))


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    exact = symbolic.verified(doc["solution"], results[0], gold_latex_only=True)
    try:
        original = _original(doc, results[0])
    except Exception:  # noqa: BLE001 - lm-eval scores a failing comparison 0
        original = 0
    return {"exact_match": int(exact), "exact_match_original": original}
