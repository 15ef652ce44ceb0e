"""Metric names lmeval does not register, taken from Hugging Face ``evaluate`` as lm-eval does.

lm-eval 0.4.13 looks a ``metric_list`` name up in its registry and, when absent (or when the
entry says ``hf_evaluate: true``), calls ``evaluate.load(name)`` and scores each document with
``compute(references=[gold], predictions=[result], **keywords)``. lmeval does the same, with
two differences:

* a name within a close edit distance of a registered metric (``acc_nrom``) stays an
  "unknown metric, did you mean" error: lm-eval would send it to the Hub and fail there;
* nothing is loaded while a task is built (``lmeval validate`` downloads nothing): the metric
  loads in the run's preflight, before the model, or at its first call.

The aggregation defaults to ``mean`` and ``higher_is_better`` to true unless the entry says
otherwise (lm-eval has no default aggregation for such a name and refuses the entry).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from lmeval.errors import UsageError

#: difflib ratio at or above which an unknown name is taken as a typo of a registered one
TYPO_CUTOFF = 0.8


def typo_of(name: str, registered: Iterable[str]) -> str | None:
    """The registered name ``name`` is most likely a misspelling of, or None."""
    found = difflib.get_close_matches(name, list(registered), n=1, cutoff=TYPO_CUTOFF)
    return found[0] if found else None


def comes_from_hf_evaluate(name: str, entry: Mapping[str, Any], registered: Iterable[str]) -> bool:
    """Whether metric ``name`` of ``entry`` is resolved through HF evaluate.

    ``hf_evaluate: true`` always is; a name not in ``registered`` is unless it is a typo of one.
    """
    if entry.get("hf_evaluate") is True:
        return True
    names = list(registered)
    return name not in names and typo_of(name, names) is None


class HFEvaluateMetric:
    """``evaluate.load(name).compute``, loaded on :meth:`load` or the first call."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.__name__ = name
        self._compute: Any = None

    def load(self) -> None:
        """Import ``evaluate`` and load the metric; a one-line UsageError says why not."""
        if self._compute is not None:
            return
        from lmeval.requires import require

        evaluate = require("evaluate", needed_by=f"metric {self.name!r} (not an lmeval metric, "
                                                 "so it comes from HF evaluate)")
        try:
            module = evaluate.load(self.name)
        except Exception as exc:  # evaluate raises FileNotFoundError, ConnectionError, ...
            raise UsageError(
                f"metric {self.name!r} is not an lmeval metric and HF evaluate could not load it "
                f"({type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}); see "
                "https://huggingface.co/evaluate-metric or `lmeval ls metrics`") from None
        self._compute = module.compute

    def __call__(self, references: Any = None, predictions: Any = None, **kwargs: Any) -> Any:
        self.load()
        return self._compute(references=references, predictions=predictions, **kwargs)

    def __repr__(self) -> str:
        return f"HFEvaluateMetric({self.name!r})"


def load_all(tasks: Iterable[Any]) -> None:
    """Load every HF evaluate metric of ``tasks`` (a run's preflight, before the model)."""
    for task in tasks:
        for fn in getattr(task, "metric_fns", {}).values():
            if isinstance(fn, HFEvaluateMetric):
                try:
                    fn.load()
                except UsageError as exc:
                    raise task._error("metric_list", str(exc)) from None
