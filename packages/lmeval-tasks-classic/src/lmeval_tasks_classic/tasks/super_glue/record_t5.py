"""ReCoRD in the T5 prompt format (``super_glue-record-t5-prompt``): one document per gold
answer, the answer generated; exact match over every answer and token F1 of each (passage,
query)'s first answer, against the golds of that group (SQuAD normalisation)."""

from __future__ import annotations

import collections
import re
from collections.abc import Sequence
from typing import Any

from lmeval_tasks_classic.squad_v2 import normalize_answer


def doc_to_text(doc: dict) -> str:
    passage = re.sub(r"(\.|\?|\!|\"|\')\n@highlight\n", r"\1 ", doc["passage"])
    passage = re.sub(r"\n@highlight\n", ". ", passage)
    return " ".join(["record query:", doc["query"], "entities:", ", ".join(doc["entities"]),
                     "passage:", passage])


def process_docs(dataset: Any) -> list[dict]:
    """One document per gold answer (``answers`` then holds that answer); none without answers."""
    return [{**doc, "answers": answer} for doc in dataset for answer in doc["answers"]]


def em(predictions: Sequence[str], references: Sequence[str]) -> tuple[str, str]:
    """The answer and its "passage+query_gold" reference, scored by :func:`squad_em_agg`."""
    return predictions[0], references[0]


def f1(predictions: Sequence[str], references: Sequence[str]) -> tuple[str, str]:
    """The answer and its "passage+query_gold" reference, scored by :func:`squad_f1_agg`."""
    return predictions[0], references[0]


def _grouped(items: Sequence[tuple[str, str]], *, first_prediction_only: bool) -> dict:
    groups: dict[str, tuple[list[str], list[str]]] = collections.defaultdict(lambda: ([], []))
    for prediction, reference in items:
        group, reference = reference.split("_")
        if not first_prediction_only or group not in groups:
            groups[group][0].append(normalize_answer(prediction))
        groups[group][1].append(normalize_answer(reference))
    return groups


def _token_f1(prediction: str, target: str) -> float:
    pred, gold = prediction.split(), target.split()
    same = sum((collections.Counter(pred) & collections.Counter(gold)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred), same / len(gold)
    return (2 * precision * recall) / (precision + recall)


def squad_em_agg(items: Sequence[tuple[str, str]]) -> float:
    """Every answer of a (passage, query) group: does it equal one of the group's golds?"""
    scores = [max(float(p == t) for t in targets)
              for predictions, targets in _grouped(items, first_prediction_only=False).values()
              for p in predictions]
    return sum(scores) / len(scores)


def squad_f1_agg(items: Sequence[tuple[str, str]]) -> float:
    """The first answer of each (passage, query) group: its best token F1 over the group's golds."""
    scores = [max(_token_f1(predictions[0], t) for t in targets)
              for predictions, targets in _grouped(items, first_prediction_only=True).values()]
    return sum(scores) / len(scores)
