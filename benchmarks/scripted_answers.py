"""The scripted model of the task-parity benchmark: one answer per request, from its text alone.

Imported by both sides (lmeval's venv and lm-eval's reference venv), pure standard library, so
that the same request gets the same answer whatever the tool, order or batch.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

#: generations that exercise answer filters (regex, take_first, multiple-choice letters, GSM8K)
GENERATIONS = (
    " The answer is 5.\n#### 5",
    " (A)",
    " B",
    " yes",
    " The answer is (C).",
    " 42",
    "\n\nSo the answer is True.\n\nQ: next",
    " def f(x):\n    return x\n",
    " Paris",
    " 3 + 4 = 7. So the answer is 7.",
)


def _h(kind: str, *parts: Any) -> int:
    text = kind + "\x1f" + json.dumps(parts, ensure_ascii=False, sort_keys=True, default=str)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def loglikelihood(context: Any, continuation: str) -> tuple[float, bool]:
    h = _h("ll", context, continuation)
    return -((h % 100_000) / 10_000.0) - 0.05 * len(continuation), h % 3 == 0


def loglikelihood_rolling(text: str) -> float:
    return -(0.25 * len(text.split()) + (_h("roll", text) % 1000) / 1000.0)


def _families() -> list[Any]:
    """The modules of ``scripted/`` beside this file: each defines ``generations(text) -> tuple |
    None``, the answers for a request of its family (``text``: the context as JSON), else None.
    One module per task family, so adding a family touches no shared file."""
    found = []
    for path in sorted((Path(__file__).resolve().parent / "scripted").glob("*.py")):
        spec = importlib.util.spec_from_file_location(f"scripted_{path.stem}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found.append(module)
    return found


FAMILIES = _families()


def generations_for(context: Any) -> tuple[str, ...]:
    text = json.dumps(context, ensure_ascii=False, sort_keys=True, default=str)
    for family in FAMILIES:
        chosen = family.generations(text)
        if chosen:
            return tuple(chosen)
    return GENERATIONS


def generate(context: Any, until: list[str] | tuple[str, ...] | str | None) -> str:
    choices = generations_for(context)
    text = choices[_h("gen", context) % len(choices)]
    stops = [until] if isinstance(until, str) else list(until or [])
    cut = min((text.index(s) for s in stops if s and s in text), default=len(text))
    return text[:cut]
