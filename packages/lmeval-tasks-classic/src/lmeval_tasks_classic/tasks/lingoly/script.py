"""LingOly's scoring, as lm-eval 0.4.13's ``script.py``: the generated JSON (or, failing that, each
key's quoted value found by pattern) against each question part's answer, exact after cleaning
(case, spaces, quotes, a final stop, ``+``, NFKD); a part with a list of acceptable answers
scores its best. The task score is the share of parts right over all documents."""

from __future__ import annotations

import ast
import re
import unicodedata
from collections.abc import Callable
from typing import Any

QUOTES = {"‘": "'", "’": "'", "“": '"', "”": '"'}


def clean_answer(answer: str) -> str:
    clean = re.sub(r"[ ]+", " ", answer.strip().strip(".")).lower()
    clean = re.sub("\\+", "", clean)
    for curly, straight in QUOTES.items():
        clean = re.sub(curly, straight, clean)
    return unicodedata.normalize("NFKD", clean)


def safe_exact(references: list[str], predictions: list[str]) -> float:
    if len(references[0]) == 0:
        return 1.0
    if len(predictions[0]) == 0:
        return 0.0
    return float(references[0] == predictions[0])


def _best(model: str, candidates: list[Any], scoring: Callable[..., float]) -> float:
    best = 0.0
    for candidate in candidates:
        if isinstance(candidate, list):
            candidate = ", ".join(candidate)
        best = max(best, scoring(references=[clean_answer(candidate)], predictions=[clean_answer(model)]))
    return best


def parse_str_list_score(model: Any, correct: Any, scoring: Callable[..., float]) -> float | bool:
    model = str(model)
    if len(correct) == 0:
        return 1.0
    if len(model) == 0:
        return 0.0
    if "[" in correct and ("'" in correct or '"' in correct):
        parsed = ast.literal_eval(correct)
        if isinstance(parsed, list):
            correct = parsed
    if not isinstance(correct, list):
        return scoring(references=[clean_answer(correct)], predictions=[clean_answer(model)])
    if all(isinstance(c, str) for c in correct) and len(correct) > 24:  # an ordering: membership only
        return clean_answer(model) in [clean_answer(c) for c in correct]
    return _best(model, correct, scoring)


def _predicted(prediction: str, keys: Any) -> dict:
    try:
        assert "{" in prediction
        tail = prediction[prediction.index("{"):]
        return ast.literal_eval(tail if prediction[-1] == "}" else tail + "}")
    except (SyntaxError, ValueError, AssertionError):
        found = {}
        for key in keys:
            single = re.search(re.escape(str(key)) + """': ([^']+)'[,\\}]""", prediction)
            double = re.search(re.escape(str(key)) + """": ([^"]+)"[,\\}]""", prediction)
            match = single or double
            found[key] = match.group()[:-1] if match else ""
        return found


def exact_match(references: list[str], predictions: list[str]) -> list[float | bool]:
    """One score per question part of the document."""
    expected = ast.literal_eval(references[0])
    predicted = _predicted(predictions[0], expected.keys())
    return [parse_str_list_score(predicted[key] if key in predicted else "", value, safe_exact)
            for key, value in expected.items()]


def aggregate_scores(scores: list[list[float | bool]]) -> float:
    return sum(sum(doc) for doc in scores) / sum(len(doc) for doc in scores)


def aggregate_metrics(metrics_scores: list[float], dataset_size: list[int], weight_by_size: bool) -> float:
    """The group's context-minus-no-context gap (lm-eval 0.4.13 imports it and averages instead)."""
    return metrics_scores[0] - metrics_scores[1]
