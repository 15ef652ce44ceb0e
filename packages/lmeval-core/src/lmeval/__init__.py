"""lmeval: evaluate language models; lm-eval compatible, built as a microkernel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from lmeval.evaluator import evaluate as evaluate


def __getattr__(name: str) -> Any:
    if name == "evaluate":
        from lmeval.evaluator import evaluate

        return evaluate
    raise AttributeError(name)
