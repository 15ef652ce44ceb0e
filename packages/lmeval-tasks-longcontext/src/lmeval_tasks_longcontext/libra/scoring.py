"""LIBRA's documents and scores, as lm-eval 0.4.13's ``libra/utils.py`` computes them.

A document's ``process_results`` keeps the answer, the references (``positive_outputs``) and the
document's ``length`` (``8p`` ... ``128p``); the task's one metric, ``libra_score``, is a
dictionary ``{length: score}``: per length, the share of documents where the first matching
reference scores above zero (exact match: the reference's normal form inside the answer's;
character F1 for ruQasper; the share of the answer's numbers equal to the reference for
ruSciPassageCount). Words are lower-cased, stripped of all but ``[a-zа-яй0-9_]`` and replaced by
their pymorphy3 normal form (the pack's ``libra`` extra).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require
from lmeval.tasks import data as datamod

NEEDED_BY = "LIBRA's scoring (libra tasks)"
INSTALL = "'lmeval-tasks-longcontext[libra]'"
_NOT_WORD = re.compile(r"[^a-zа-яй0-9_]+")


@cache
def _analyzer() -> Any:
    return require("pymorphy3", needed_by=NEEDED_BY, install=INSTALL).MorphAnalyzer()


def check_libraries() -> None:
    """Refuse the task at load, in one line naming the extra, when pymorphy3 is missing."""
    require("pymorphy3", needed_by=NEEDED_BY, install=INSTALL)


def filter_dataset_by_page_lengths(**kwargs: Any) -> dict[str, Any]:
    """The ``test`` split of ``dataset_repo_name``/``dataset_name``, only the rows whose
    ``filter_colname`` (``length``) is in ``valid_pages`` when that list is given
    (``--metadata '{"valid_pages": ["8p", "32p"]}'``)."""
    repo = kwargs.get("dataset_repo_name", "ai-forever/LIBRA")
    name = kwargs.get("dataset_name")
    column = kwargs.get("filter_colname", "length")
    valid = kwargs.get("valid_pages", [])
    rows = datamod.get_split(datamod.load_splits(repo, name), "test", dataset=repo)
    if column not in list(rows.column_names if hasattr(rows, "column_names") else (rows[0] if rows else {})):
        raise UsageError(f"LIBRA: column {column!r} not found in dataset {name!r} (filter_colname)")
    if valid:
        rows = rows.filter(lambda doc: doc.get(column) in valid)
    return {"test": rows}


def normalize_answer(sentence: object) -> str:
    morph = _analyzer()
    words = (_NOT_WORD.sub("", word.lower()) for word in str(sentence).split())
    return " ".join(morph.parse(word)[0].normal_form.lower() for word in words)


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, dict[str, Any]]:
    return {"libra_score": {"pred_answer": results[0], "answers": doc["positive_outputs"],
                            "length": doc["length"]}}


def exact_match_score(prediction: str, ground_truth: str) -> float:
    return 1.0 if normalize_answer(ground_truth) in normalize_answer(prediction) else 0.0


def f1_score(prediction: str, ground_truth: str) -> float:
    """F1 over the *characters* of the normalised strings (lm-eval's ``Counter`` of a string)."""
    same = sum((Counter(prediction) & Counter(ground_truth)).values())
    if same == 0:
        return 0
    precision, recall = same / len(prediction), same / len(ground_truth)
    return (2 * precision * recall) / (precision + recall)


def count_score(prediction: str, ground_truth: str) -> float:
    numbers = re.findall(r"\d+", prediction)
    right = sum(1 for number in numbers if str(number) == str(ground_truth))
    return float(0.0 if not numbers else right / len(numbers))


def aggregate_results(results: Sequence[Mapping[str, Any]], scoring: Callable[..., float]) -> dict[str, float]:
    """``{length: score}``: per length, the first reference (in set order, as lm-eval iterates
    it) with a positive score adds that score."""
    scores: dict[str, list[float]] = defaultdict(lambda: [0, 0])
    for result in results:
        length = result["length"]
        prediction = normalize_answer(result["pred_answer"])
        answers = set([normalize_answer(text) for text in result["answers"]])  # noqa: C403 - lm-eval's order
        scores[length][1] += 1
        for answer in answers:
            value = scoring(prediction=prediction, ground_truth=answer)
            if value > 0:
                scores[length][0] += value
                break
    return {key: correct / total for key, (correct, total) in scores.items()}


def aggregate_results_em(results: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    return aggregate_results(results, exact_match_score)


def aggregate_results_f1(results: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    return aggregate_results(results, f1_score)


def aggregate_results_count_score(results: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    return aggregate_results(results, count_score)
