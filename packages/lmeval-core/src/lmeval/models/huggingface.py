"""``from lmeval.models.huggingface import HFLM``: lmeval-hf's ``HFLM``, imported on first use;
without lmeval-hf, an ImportError saying ``pip install lmeval-hf``."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name != "HFLM":
        raise AttributeError(f"module 'lmeval.models.huggingface' has no attribute {name!r}")
    try:
        from lmeval_hf.models import HFLM
    except ImportError as exc:
        if exc.name not in ("lmeval_hf", "lmeval_hf.models"):
            raise
        raise ImportError("HFLM is in lmeval-hf: pip install lmeval-hf") from None
    return HFLM
