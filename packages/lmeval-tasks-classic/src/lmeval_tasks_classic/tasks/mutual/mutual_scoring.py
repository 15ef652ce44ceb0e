"""MuTual: detokenized dialogues and options, and lm-eval 0.4.13's recall@1, recall@2 and MRR.

lm-eval computes r@1 with ``numpy.argmax`` over the (log-likelihood, is_greedy) pairs, i.e. over
the flattened pairs: r@1 is whether the first position of the largest of those numbers (often an
``is_greedy`` flag) equals the gold index. That reading is kept so that scores agree with lm-eval;
r@2 is ``rank == 1`` or r@1 (numpy adds booleans with a logical or).
"""

from __future__ import annotations

from typing import Any

_REPLACEMENTS = ((" '", "'"), (" \n", "\n"), ("\n ", "\n"), (" n't", "n't"), ("`` ", '"'), ("''", '"'),
                 (" :", ":"), (" ;", ";"), (" !", "!"), (" ?", "?"), (" ,", ","), (" .", "."))


def _detokenize(text: str) -> str:
    for old, new in _REPLACEMENTS:
        text = text.replace(old, new)
    return text


def _process(doc: dict) -> dict:
    return {"article": _detokenize(doc["article"]), "options": [_detokenize(o) for o in doc["options"]]}


def process_docs(dataset: Any) -> Any:
    if hasattr(dataset, "map"):
        return dataset.map(_process)
    return [{**doc, **_process(doc)} for doc in dataset]


def _flat_argmax(results: list[Any]) -> int:
    flat = [float(v) for item in results for v in (item if isinstance(item, (list, tuple)) else (item,))]
    return flat.index(max(flat))


def process_results(doc: dict, results: list[Any]) -> dict[str, Any]:
    gold = ["A", "B", "C", "D"].index(doc["answers"])
    r1 = _flat_argmax(results) == gold
    ranks = sorted(results, reverse=True)
    rank = ranks.index(results[gold])
    return {"r@1": r1, "r@2": rank == 1 or r1, "mrr": 1.0 / (rank + 1)}
