"""ChartQA's three metrics, with lm-eval 0.4.13's behaviour (after mistral-evals' ChartQA task).

* ``exact_match``: the text after ``Final Answer:`` (any case) at the end of the response, less
  a trailing period, equals the gold (case-insensitive).
* ``relaxed_accuracy``: the first non-empty line after the last ``answer:`` is compared with the
  gold: numbers within 5% relative (a percentage also against its decimal value), a one-letter
  gold against the answer's first letter, other text exactly (case-insensitive, trailing
  punctuation dropped). A response without ``answer:`` scores 0.
* ``anywhere_accuracy``: the same, and when no ``answer:`` is found, the gold number (with or
  without thousands commas, or as a percentage) or a phrase such as ``is <gold>`` anywhere in
  the response counts (generous by design).
"""

from __future__ import annotations

import re
import string
from typing import Any

MAX_RELATIVE_CHANGE = 0.05


def _unquote(text: str) -> str:
    if (text.startswith('"') and text.endswith('"')) or (
            text.startswith("'") and text.endswith("'")):
        return text[1:-1]
    return text


def _drop_end_punctuation(text: str) -> str:
    """Trailing punctuation and whitespace removed, a trailing ``%`` kept."""
    while text and (text[-1] in string.punctuation or text[-1].isspace()) and text[-1] != "%":
        text = text[:-1]
    return text


def _prepare(text: str) -> str:
    if not any(ch.isdigit() for ch in text):
        return _unquote(text)
    return _drop_end_punctuation(text).replace(",", "").replace("$", "")


def _number(text: str) -> tuple[float | None, bool]:
    text = text.strip()
    percent = text.endswith("%")
    try:
        return float(text.rstrip("%")), percent
    except ValueError:
        return None, False


def _close(prediction: float, target: float) -> float:
    return 1.0 if abs(prediction - target) / max(abs(target), 1e-10) <= MAX_RELATIVE_CHANGE else 0.0


def _compare_numbers(pred: float, pred_percent: bool, gold: float, gold_percent: bool) -> float:
    value = _close(pred, gold)
    if value != 1.0 and (pred_percent or gold_percent):
        value = max(value, _close(pred / 100 if pred_percent else pred, gold),
                    _close(pred, gold / 100 if gold_percent else gold))
    return value


def _compare_text(prediction: str, target: str) -> float:
    while prediction and prediction[-1] in string.punctuation:
        prediction = prediction[:-1]
    return 1.0 if prediction.lower() == target.lower() else 0.0


def relaxed_correctness(prediction: str, targets: list[str]) -> float:
    """The best score of ``prediction`` against any of ``targets``."""
    prediction = _prepare(prediction)
    pred_value, pred_percent = _number(prediction)
    scores = []
    for target in targets:
        target = _prepare(target)
        gold_value, gold_percent = _number(target)
        if pred_value is not None and gold_value is not None:
            scores.append(_compare_numbers(pred_value, pred_percent, gold_value, gold_percent))
        elif target.isalpha() and len(target) == 1 and len(prediction) > 0:
            scores.append(1.0 if prediction[0].lower() == target.lower() else 0.0)
        else:
            scores.append(_compare_text(prediction, target))
    return max(scores)


def final_answer(generation: str) -> str:
    """The first non-empty line after the last ``answer:`` (markdown emphasis removed), or ""."""
    generation = re.sub(r"([aA]nswer)\**:\**", "\\1:", generation)
    start = generation.lower().rfind("answer:")
    if start == -1:
        return ""
    lines = generation[start + len("answer:"):].split("\n")
    answer = next((line.strip() for line in lines if line.strip()), "")
    return re.sub(r"[*_\[\]\(\)]", "", answer)


def _as_list(reference: str | list[str]) -> list[str]:
    return reference if isinstance(reference, list) else [reference]


def explicit_score(model_answer: str, reference: str | list[str]) -> float:
    answer = final_answer(model_answer)
    return relaxed_correctness(answer, _as_list(reference)) if answer else 0.0


def anywhere_score(model_answer: str, reference: str | list[str]) -> float:
    references = _as_list(reference)
    answer = final_answer(model_answer)
    if answer:
        return relaxed_correctness(answer, references)
    for ref in references:
        try:
            number: Any = float(ref)
        except ValueError:
            phrases = [p for r in references
                       for p in (f"is {r}", f"was {r}", f" {r}.", f"are {r}", f"\n\n{r}")]
            if any(p.lower() in model_answer for p in phrases):
                return 1.0
            continue
        if int(number) == number:
            number = int(number)
        if (format(number, ",") in model_answer or str(number) in model_answer
                or str(number) + "%" in model_answer):
            return 1.0
    return 0


def exact_match(references: list[str], predictions: list[str]) -> dict[str, float]:
    match = re.search(r"(?:Final Answer|FINAL ANSWER): (.+)$", predictions[0], re.IGNORECASE)
    if match and match.group(1).strip().lower().removesuffix(".") == references[0].strip().lower():
        return {"exact_match": 1.0}
    return {"exact_match": 0.0}


def relaxed_accuracy(references: list[str], predictions: list[str]) -> dict[str, float] | None:
    return _one_or_zero("relaxed_accuracy", explicit_score(predictions[0], references[0]))


def anywhere_accuracy(references: list[str], predictions: list[str]) -> dict[str, float] | None:
    return _one_or_zero("anywhere_accuracy", anywhere_score(predictions[0], references[0]))


def _one_or_zero(name: str, score: float) -> dict[str, float] | None:
    """lm-eval's shape: 1.0 or 0.0 (a partial score, which these metrics never give, is None)."""
    if not score:
        return {name: 0.0}
    return {name: 1.0} if score == 1.0 else None
