"""The parts of SCORE shared by its datasets: documents repeated per prompt or per answer
position, the prompt text, the final-answer extraction and the consistency rate."""

from __future__ import annotations

import copy
import json
import re
import string
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "score"
NUMERALS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
ROMAN_NUMERALS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
Preprocess = Callable[[Any], Any] | None


@cache
def templates(dataset: str) -> dict[str, Any]:
    """``data/score/<dataset>_prompts.json``: the templates of each robustness kind."""
    return json.loads((DATA / f"{dataset}_prompts.json").read_text(encoding="utf-8"))


def round4(value: float) -> float:
    """``numpy.round(value, 4)``: scaled, rounded half to even, scaled back."""
    return round(value * 10**4) / 10**4


def with_prompts(dataset: Any, prompts: Sequence[dict[str, str]], preprocess: Preprocess = None) -> Any:
    """Every document once per prompt, with ``prompt_id``, ``prompt`` and ``options_format``."""
    if preprocess is not None:
        dataset = preprocess(dataset)

    def repeat(batch: dict[str, list]) -> dict[str, list]:
        n, size = len(prompts), len(next(iter(batch.values())))
        out = {key: [v for v in values for _ in range(n)] for key, values in batch.items()}
        out["prompt_id"] = list(range(n)) * size
        out["prompt"] = [prompts[i]["prompt"] for i in out["prompt_id"]]
        if "options_format" in prompts[0]:
            out["options_format"] = [prompts[i]["options_format"] for i in out["prompt_id"]]
        return out

    return dataset.map(repeat, batched=True)


def with_answer_at_each_label(dataset: Any, template: dict[str, str], labels: Sequence[str],
                              preprocess: Preprocess = None) -> Any:
    """Every document once per label, its gold option swapped into that label's place."""
    if preprocess is not None:
        dataset = preprocess(dataset)

    def repeat(batch: dict[str, list]) -> dict[str, list]:
        keys = list(batch)
        out: dict[str, list] = {key: [] for key in keys}
        extra = {"always_same_option": [], "prompt": [], "options_format": [], "original_answer_index": []}
        for i in range(len(next(iter(batch.values())))):
            gold, options = batch["answer_index"][i], batch["options"][i]
            for position, label in enumerate(labels):
                extra["original_answer_index"].append(gold)
                for key in keys:
                    value = copy.deepcopy(batch[key][i])
                    if position < len(options):
                        if key == "options":
                            value[position], value[gold] = options[gold], options[position]
                        elif key == "answer_index":
                            value = position
                        elif key == "answer":
                            value = label
                    out[key].append(value)
                extra["always_same_option"].append(label)
                extra["prompt"].append(template["prompt"])
                extra["options_format"].append(template["options_format"])
        return {**out, **extra}

    return dataset.map(repeat, batched=True)


def with_one_prompt(dataset: Any, template: dict[str, str], preprocess: Preprocess = None) -> Any:
    """Every document with the sampling variant's single prompt (and options format, if any)."""
    if preprocess is not None:
        dataset = preprocess(dataset)

    def add(batch: dict[str, list]) -> dict[str, list]:
        size = len(next(iter(batch.values())))
        out = copy.deepcopy(batch)
        out["prompt"] = [template["prompt"]] * size
        if template.get("options_format") is not None:
            out["options_format"] = [template["options_format"]] * size
        return out

    return dataset.map(add, batched=True)


def doc_to_text(doc: dict[str, Any]) -> str:
    """The document's prompt with its question, lettered (or numbered) options and category."""
    options_format = doc.get("options_format", "")
    options = None
    if options_format:
        options = "".join(options_format.format(
            letter=string.ascii_uppercase[i], option=option, numeral=NUMERALS[i],
            roman_numeral=ROMAN_NUMERALS[i], lower_case_letter=string.ascii_lowercase[i])
            for i, option in enumerate(doc["options"]))
    return doc["prompt"].format(question=doc["question"], options=options, category=doc.get("category", ""))


def final_answer(prediction: str, labels: Sequence[str], options_format: str | None) -> str:
    """The word after the last ``the best answer is `` (letters and digits, upper case), read
    back to a letter when the options were numbered; the whole answer when the phrase is missing."""
    answer = prediction
    if "the best answer is" in prediction.lower():
        word = prediction.lower().split("the best answer is ")[-1].split("\n")[0].split(" ")[0]
        answer = re.sub(r"[^a-zA-Z0-9]", "", word).strip().upper()
    answer = answer.upper()
    if options_format is None or "numeral" not in options_format:
        return answer
    names = ROMAN_NUMERALS if "roman" in options_format else NUMERALS
    return labels[names.index(answer)] if answer in names else answer


def consistency_rate(groups: Iterable[list[Any]], same: Callable[[Any, Any], bool] = lambda a, b: a == b) -> float:
    """Share of answer pairs to the same question that agree, over every question."""
    agreeing = pairs = 0.0
    for answers in groups:
        pairs += len(answers) * (len(answers) - 1) / 2
        agreeing += sum(int(same(a, b)) for a, b in combinations(answers, 2))
    return agreeing / pairs if pairs > 0 else 0.0


def by_question(items: Iterable[tuple[Any, Any]]) -> list[list[Any]]:
    """``[(question_id, answer), ...]`` grouped by question, in first-seen order."""
    groups: dict[Any, list[Any]] = {}
    for question_id, answer in items:
        groups.setdefault(question_id, []).append(answer)
    return list(groups.values())


def prompt_consistency_rate(results: list[tuple]) -> float:
    return consistency_rate(by_question((r[0], r[2]) for r in results))


def options_consistency_rate(results: list[tuple], labels: Sequence[str]) -> float:
    """Answers read back to the original option: the gold label and the always-same label both
    count as the original gold."""
    def read_back(question_id: Any, same: str, answer: str, original: int) -> tuple[Any, str]:
        if answer == labels[original]:
            answer = same
        if answer == same:
            answer = labels[original]
        return question_id, answer

    return consistency_rate(by_question(read_back(*r[:4]) for r in results))


def share(hits: list[bool | int]) -> float:
    return round4(sum(hits) / len(hits))


def macro(hits_by_category: dict[Any, list[bool | int]]) -> float:
    """Mean over categories of each category's accuracy, rounded to four decimals."""
    means = [sum(h) / len(h) for h in hits_by_category.values()]
    return round4(sum(means) / len(means))
