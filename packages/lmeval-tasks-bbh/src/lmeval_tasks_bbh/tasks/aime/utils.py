"""AIME scoring as lm-eval 0.4.13 does it (``lmeval_tasks_bbh.math_equivalence``)."""

from __future__ import annotations

from lmeval_tasks_bbh.math_equivalence import aime_answer, equivalent


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    """1 when the generated answer is MATH-equivalent to the row's answer (its column is named
    ``answer`` in any case)."""
    key = next(k for k in doc if k.lower() == "answer")
    return {"exact_match": 1 if equivalent(aime_answer(results[0]), str(doc[key]), strict_slash=True) else 0}
