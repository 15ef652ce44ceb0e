"""minerva_math as lm-eval 0.4.13 scores it (``lmeval_tasks_leaderboard.math``): ``exact_match``
compares the normalised ``Final Answer`` with the normalised boxed answer of the solution
(identical strings, else sympy's LaTeX equivalence within 5 s); ``math_verify`` is math-verify's
verdict on the whole generation against the whole solution."""

from __future__ import annotations

from typing import Any

from lmeval_tasks_leaderboard.math import fewshot, minerva, symbolic
from lmeval_tasks_leaderboard.math.boxed import boxed_answer

symbolic.require_libraries("minerva_math")


def doc_to_text(doc: dict) -> str:
    return "Problem:\n" + doc["problem"] + "\n\nSolution:"


def process_docs(dataset: Any) -> Any:
    return dataset.map(lambda doc: {"problem": doc["problem"], "solution": doc["solution"],
                                    "answer": minerva.normalize(boxed_answer(doc["solution"]))})


def list_fewshot_samples() -> list[dict]:
    return fewshot.minerva_examples()


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    answer = minerva.normalize(minerva.final_answer(results[0]))
    same = bool(answer) and answer == doc["answer"]
    exact = same or symbolic.sympy_equal(answer, doc["answer"], seconds=5)
    return {"exact_match": int(exact), "math_verify": int(symbolic.verified(doc["solution"], results[0]))}
