"""AGIEval scoring as lm-eval 0.4.13 does it: several gold indices may be right; cloze answers
are compared by MATH equivalence (``lmeval_tasks_bbh.math_equivalence``)."""

from __future__ import annotations

from lmeval_tasks_bbh.math_equivalence import agieval_equivalent


def process_results(doc: dict, results: list[str]) -> dict[str, int]:
    return {"acc": 1 if agieval_equivalent(results[0], doc["answer"]) else 0}


def _argmax(values: list[float]) -> int:
    return max(range(len(values)), key=values.__getitem__)


def process_results_mcqa(doc: dict, results: list) -> dict[str, float]:
    """acc: the likeliest choice is a gold one; acc_norm: the same per character of the choice."""
    lls = [r[0] for r in results]
    per_char = [ll / float(len(choice)) if len(choice) else _divide_by_zero(ll)
                for ll, choice in zip(lls, doc["choices"], strict=False)]
    return {"acc": 1.0 if _argmax(lls) in doc["gold"] else 0.0,
            "acc_norm": 1.0 if _argmax(per_char) in doc["gold"] else 0.0}


def _divide_by_zero(ll: float) -> float:
    """numpy's x / 0.0 for an empty choice (lm-eval divides arrays): ±inf, or NaN for 0."""
    return float("nan") if ll == 0 else (float("inf") if ll > 0 else float("-inf"))
