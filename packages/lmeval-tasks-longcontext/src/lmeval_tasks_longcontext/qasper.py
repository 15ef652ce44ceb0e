"""Qasper (Dasigi et al., 2021, arXiv:2105.03011) as lm-eval 0.4.13's ``qasper`` folder has it:
one document per (question, annotator's answer) of the wanted kind, and SQuAD's token F1.

An answer is, in this order: ``unanswerable``, ``yes`` (``yes_no`` true), its free-form text,
its extractive spans joined by ``", "``, ``no`` (``yes_no`` false) — the order of the Qasper
baseline's evaluator that lm-eval follows. ``qasper_bool`` keeps the yes/no answers,
``qasper_freeform`` the free-form ones.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from lmeval.tasks.data import DocList

FEATURES = ("title", "abstract", "question", "answer", "answer_type")


def categorise(blob: Mapping[str, Any]) -> tuple[Any, str] | None:
    """``(answer, kind)`` of one annotator's answer; None when it has none (lm-eval then fails)."""
    if blob["unanswerable"]:
        return "unanswerable", "unanswerable"
    if blob["yes_no"]:
        return "yes", "bool"
    if blob["free_form_answer"]:
        return blob["free_form_answer"], "free form answer"
    if blob["extractive_spans"]:
        return blob["extractive_spans"], "extractive_spans"
    if blob["yes_no"] is False:
        return "no", "bool"
    return None


def flatten(paper: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
    rows = []
    qas = paper["qas"]
    for question, answers in zip(qas["question"], qas["answers"], strict=False):
        for blob in answers["answer"]:
            found = categorise(blob)
            if found is None:
                raise TypeError("cannot unpack non-iterable NoneType object")  # lm-eval's own failure
            answer, answer_type = found
            if answer_type == kind:
                if isinstance(answer, list):
                    answer = ", ".join(answer)
                rows.append({"title": paper["title"], "abstract": paper["abstract"], "question": question,
                             "answer": answer, "answer_type": answer_type})
    return rows


def process_docs(dataset: Iterable[Mapping[str, Any]], set_answer_type: str = "bool") -> DocList:
    return DocList(row for paper in dataset for row in flatten(paper, set_answer_type))


process_docs_bool = partial(process_docs, set_answer_type="bool")
process_docs_freeform = partial(process_docs, set_answer_type="free form answer")


def normalize_answer(text: str) -> str:
    """SQuAD v1.1's normalisation: lower case, no punctuation, no articles, single spaces."""
    text = "".join(ch for ch in text.lower() if ch not in set(string.punctuation))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", text).split())


def f1_abstractive(predictions: list[str], references: list[str]) -> float:
    """SQuAD's token F1 of the first prediction against the first reference."""
    prediction, reference = normalize_answer(predictions[0]).split(), normalize_answer(references[0]).split()
    same = sum((Counter(prediction) & Counter(reference)).values())
    if same == 0:
        return 0
    precision, recall = same / len(prediction), same / len(reference)
    return (2 * precision * recall) / (precision + recall)
