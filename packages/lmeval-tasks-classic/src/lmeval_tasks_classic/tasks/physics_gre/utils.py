"""Physics GRE: keep the gradable image-free items; options and gold from ``target_scores``."""

from __future__ import annotations

from typing import Any


def _gradable(doc: dict[str, Any]) -> bool:
    """Image-free, with an answer key that scores one option 1 (a few source items have none)."""
    scores = doc["target_scores"]
    return not doc["has_image"] and scores is not None and 1 in scores.values()


def _fields(doc: dict[str, Any]) -> dict[str, Any]:
    scores = doc["target_scores"]
    return {"input": doc["input"].strip(), "choices": list(scores), "gold": list(scores.values()).index(1)}


def process_docs(dataset: Any) -> Any:
    return dataset.filter(_gradable).map(_fields)
