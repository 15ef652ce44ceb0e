"""The recall tasks of the Based paper (Arora et al., 2024, arXiv:2402.18668): ``squad_completion``,
``swde`` and ``fda``, lm-eval 0.4.13's Python tasks ported to :class:`lmeval.tasks.task.Task`.

Each document is a prompt (``text``, stripped) that the model completes greedily; ``contains``
is 1 when the stripped gold ``value`` occurs in the completion, ignoring case. swde and fda stop
at a newline after at most 48 tokens; squad_completion takes the task's generation arguments and
adds only what they lack (a newline stop, 48 tokens), so with lm-eval's greedy defaults it
generates up to 256 tokens until a blank line, as lm-eval 0.4.13 does.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

from lmeval.protocol import GenerateRequest, Request
from lmeval.tasks.task import Task

MAX_GEN_TOKS = 48


def contains_score(prediction: str, labels: Sequence[str]) -> int:
    """1 when any label occurs in the prediction (case-insensitive, literal)."""
    return max(int(bool(re.search(re.escape(label), prediction, re.IGNORECASE))) for label in labels)


def _mean(items: Sequence[float]) -> float:
    return sum(items) / len(items)


class BasedRecall(Task):
    """swde and fda: stop at a newline, 48 tokens."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.metric_fns = {"contains": None}
        self.metric_kwargs = {"contains": {}}
        self.aggregations = {"contains": _mean}
        self.higher_is_better = {"contains": True}

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return doc["text"].strip()

    def doc_to_target(self, doc: dict, spec: Any = None) -> str:
        return doc["value"].strip()

    def generation_arguments(self) -> dict[str, Any]:
        return {"until": ["\n"], "max_gen_toks": MAX_GEN_TOKS}

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        return [GenerateRequest.make(ctx, self.generation_arguments())]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        if "bypass" in self.metric_fns:  # --predict_only: nothing is scored
            return {"bypass": None}
        return {"contains": contains_score(results[0], [self.doc_to_target(doc)])}


class SquadCompletion(BasedRecall):
    """squad_completion: the task's generation arguments, with ``until`` and 48 tokens if absent."""

    def generation_arguments(self) -> dict[str, Any]:
        arguments = copy.deepcopy(dict(self.config.generation_kwargs or {}))
        arguments.setdefault("until", ["\n"])
        arguments.setdefault("max_gen_toks", MAX_GEN_TOKS)
        return arguments
