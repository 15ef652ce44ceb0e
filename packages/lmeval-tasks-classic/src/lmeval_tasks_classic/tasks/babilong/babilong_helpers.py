"""BABILong's data loader and scoring (hand-written; the YAML beside it is generated).

``load_dataset`` is the ``custom_dataset`` of qa1-qa10: it reads the config named by the
``max_seq_lengths`` metadata (``--metadata max_seq_lengths=16k``; default ``0k``) and returns
the task's split. An answer is right when the target occurs in it, case-insensitively, after
stripping and turning control characters into newlines.
"""

from __future__ import annotations

import re
from typing import Any

from lmeval.tasks.data import load_splits

DATASET = "RMT-team/babilong-1k-samples"
_CONTROL = re.compile(r"[\x00-\x1f]")


def load_dataset(**kwargs: Any) -> dict[str, Any]:
    length = kwargs.get("max_seq_lengths", "0k")
    split = kwargs.get("qa_split")
    return {split: load_splits(DATASET, length)[split]}


def _clean(prediction: str) -> str:
    return _CONTROL.sub("\n", prediction.strip()).strip()


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    target = doc.get("target", "").strip()
    return {"acc": 1.0 if target.lower() in _clean(results[0]).lower() else 0.0}
