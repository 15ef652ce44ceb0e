"""hendrycks_math as lm-eval 0.4.13 scores it (``lmeval_tasks_leaderboard.math.hendrycks``): the
answer between the generation's first and last ``$`` (else all of it) against the solution's
boxed answer, both in the MATH dataset's normal form."""

from __future__ import annotations

from typing import Any

from lmeval_tasks_leaderboard.math.boxed import boxed_answer
from lmeval_tasks_leaderboard.math.hendrycks import dollar_answer, equivalent


def process_docs(dataset: Any) -> Any:
    return dataset.map(lambda doc: {"problem": doc["problem"], "solution": doc["solution"],
                                    "answer": boxed_answer(doc["solution"])})


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    return {"exact_match": int(equivalent(dollar_answer(results[0]), boxed_answer(doc["solution"])))}
