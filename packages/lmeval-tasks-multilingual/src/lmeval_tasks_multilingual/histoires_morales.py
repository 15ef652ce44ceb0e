"""Histoires Morales (Leteno et al. 2025, arXiv:2501.17117): French moral stories; the norm, the
situation and the intention (each capitalized) are the context, the moral action the right choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _story(doc: Mapping[str, Any]) -> dict[str, Any]:
    context = " ".join(doc[k].capitalize() for k in ("norm", "situation", "intention"))
    return {"query": context, "choices": [doc["moral_action"], doc["immoral_action"]], "label": 0}


def process_docs(docs: Any) -> Any:
    return docs.map(_story)
