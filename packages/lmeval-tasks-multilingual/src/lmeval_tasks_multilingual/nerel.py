"""NEREL-bench (bond005/NEREL_bench): Russian entity and relation extraction and definition.

Prompts are the document's instruction formatted with its JSON context; answers are normalized as
lm-eval 0.4.13 does (lower case, nltk's wordpunct tokens that are alphanumeric, Russian Snowball
stems). Extraction is scored by the F1 of the answer's lines as sets, definitions by chrF / 100.
The few-shot examples are lm-eval's fixed three per task (``nerel_fewshot.json``). nltk is the
``[nerel]`` extra; it is asked for when the task loads, before the model.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from lmeval.requires import require

_INSTALL = "'lmeval-tasks-multilingual[nerel]'"
_NLTK = require("nltk", needed_by="nerel-bench", install=_INSTALL)
_SACREBLEU = require("sacrebleu", needed_by="nerel-bench", install="lmeval-tasks-multilingual")
_STEMMER = _NLTK.stem.snowball.RussianStemmer()


def process_docs(dataset: Any) -> Any:
    """``input_task``: the instruction with the context's fields filled in; ``true_answer`` as is."""
    return dataset.map(lambda doc: {"input_task": doc["instruction"].format(**json.loads(doc["context"])),
                                    "true_answer": doc["true_answer"]})


def normalize_answer(sentence: str, apply_stemmer: bool = True) -> str:
    text = sentence.lower().strip()
    if not text:
        return ""
    words = [w for w in (t.strip() for t in _NLTK.wordpunct_tokenize(text)) if w and w.isalnum()]
    if apply_stemmer:
        words = [s for s in (_STEMMER.stem(w) for w in words) if s]
    return " ".join(words).strip()


def chrf(predictions: Sequence[str], references: Sequence[str], **_: Any) -> float:
    """Mean sentence chrF / 100 of the normalized answers."""
    if len(predictions) != len(references):
        raise ValueError(f"The predictions do not correspond to the references! "
                         f"{len(predictions)} != {len(references)}")
    if not predictions:
        return 0.0
    total = 0.0
    for pred, ref in zip(predictions, references, strict=True):
        total += _SACREBLEU.sentence_chrf(normalize_answer(pred), [normalize_answer(ref)]).score / 100.0
    return total / len(predictions)


def _lines(text: str) -> set[str]:
    return {n for n in (normalize_answer(line) for line in text.split("\n")) if n}


def f1(predictions: Sequence[str], references: Sequence[str], **_: Any) -> float:
    """F1 of the normalized non-empty lines, each answer's lines taken as a set."""
    if len(predictions) != len(references):
        raise ValueError(f"The predictions do not correspond to the references! "
                         f"{len(predictions)} != {len(references)}")
    same = predicted = expected = 0
    for pred, ref in zip(predictions, references, strict=True):
        ours, gold = _lines(pred), _lines(ref)
        same += len(ours & gold)
        predicted += len(ours)
        expected += len(gold)
    if same == 0:
        return 0.0
    precision, recall = same / float(predicted), same / float(expected)
    return (2.0 * precision * recall) / (precision + recall)


@cache
def _fewshot() -> dict[str, list[dict[str, str]]]:
    return json.loads((Path(__file__).parent / "nerel_fewshot.json").read_text(encoding="utf-8"))


def fewshot_samples_for_ner() -> list[dict[str, str]]:
    return list(_fewshot()["ner"])


def fewshot_samples_for_re() -> list[dict[str, str]]:
    return list(_fewshot()["re"])


def fewshot_samples_for_ned() -> list[dict[str, str]]:
    return list(_fewshot()["ned"])


def fewshot_samples_for_rd() -> list[dict[str, str]]:
    return list(_fewshot()["rd"])
