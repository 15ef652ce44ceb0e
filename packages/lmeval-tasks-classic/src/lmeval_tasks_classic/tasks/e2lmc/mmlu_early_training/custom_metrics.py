"""mmlu_early_training's score: per question, the gold answer's log-likelihood minus the mean of
the other answers' log-likelihoods; averaged over the questions (lm-eval 0.4.13's formula)."""

from __future__ import annotations

from collections.abc import Sequence


def loglikelihood_diff(items: Sequence[tuple[int, Sequence[float]]]) -> float:
    diffs = []
    for gold, lls in items:
        others = [ll for i, ll in enumerate(lls) if i != gold]
        diffs.append(lls[gold] - sum(others) / len(others))
    return sum(diffs) / len(diffs)
