"""lmeval: evaluate language models; lm-eval compatible, built as a microkernel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from lmeval.evaluator import evaluate as evaluate
    from lmeval.lm_eval_api import simple_evaluate as simple_evaluate


def __getattr__(name: str) -> Any:
    if name == "evaluate":
        from lmeval.evaluator import evaluate

        return evaluate
    if name == "simple_evaluate":
        from lmeval.lm_eval_api import simple_evaluate

        return simple_evaluate
    raise AttributeError(name)
