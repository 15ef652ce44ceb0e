"""Moral Stories: norm, situation and intention (each ``str.capitalize``d) as the query; the moral
action (gold, index 0) and the immoral action as the two choices."""

from __future__ import annotations

from typing import Any


def _process(doc: dict) -> dict:
    query = " ".join(doc[k].capitalize() for k in ("norm", "situation", "intention"))
    return {"query": query, "choices": [doc["moral_action"], doc["immoral_action"]], "label": 0}


def process_docs(dataset: Any) -> Any:
    if hasattr(dataset, "map"):
        return dataset.map(_process)
    return [{**doc, **_process(doc)} for doc in dataset]
