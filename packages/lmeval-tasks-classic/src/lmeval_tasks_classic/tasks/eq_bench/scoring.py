"""EQ-Bench v2's full-scale score of one answer, as lm-eval 0.4.13 computes it.

The answer must name exactly the four emotions of the reference (``Emotion: score`` pairs,
read with ``(\\w+):\\s+(\\d+)``); otherwise it scores 0 and counts as unparseable. Each
emotion's distance d to the reference score costs 0 when d == 0, ``6.5 / (1 + e^(-1.2 (d - 4)))``
when d <= 5, d beyond; the score is ``(10 - 0.7477 * total) * 10``.
"""

from __future__ import annotations

import ast
import math
import re

_PAIR = re.compile(r"(\w+):\s+(\d+)")
_WORD = re.compile(r"\w+")
_RANDOM_ANSWER_ADJUSTMENT = 0.7477  # answering at random scores 0


def _cost(distance: float) -> float:
    if distance == 0:
        return 0
    if distance <= 5:
        return 6.5 * (1 / (1 + math.e ** (-1.2 * (distance - 4))))
    return distance


def _pairs(text: str) -> list[tuple[str, str]]:
    """``_PAIR.findall(text)`` in linear time. findall retries at every character of a word
    that is not followed by ``: <digits>``, and each retry rescans the rest of the word: a
    100,000-character word took a minute. A match can only end its word part where the word
    ends, so a failed try at a word's first character fails for the whole word."""
    out: list[tuple[str, str]] = []
    pos = 0
    while (word := _WORD.search(text, pos)) is not None:
        match = _PAIR.match(text, word.start())
        if match is None:
            pos = word.end()
        else:
            out.append((match.group(1), match.group(2)))
            pos = match.end()
    return out


def calculate_score_fullscale(doc: dict, results: list[str]) -> dict[str, float]:
    reference = ast.literal_eval(doc["reference_answer_fullscale"])
    ratings = dict(_pairs(results[0]))  # a repeated emotion keeps its last score
    expected = {reference[f"emotion{i}"]: reference[f"emotion{i}_score"] for i in range(1, 5)}
    if len(ratings) != 4 or len(set(ratings) & set(expected)) != 4:
        return {"eqbench": 0, "percent_parseable": 0}
    total = 0.0
    for emotion, score in ratings.items():
        for i in range(1, 5):  # every reference slot with this emotion counts
            if emotion == reference[f"emotion{i}"]:
                total += _cost(abs(float(score) - float(reference[f"emotion{i}_score"])))
    final = 10 - total * _RANDOM_ANSWER_ADJUSTMENT
    return {"eqbench": final * 10, "percent_parseable": 100}
