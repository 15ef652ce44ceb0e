"""tinyBenchmarks' scores: the per-document correctness of the 100 anchor documents, turned into
an estimate of the full benchmark's score by the tinyBenchmarks package's IRT model (``gpirt``,
as lm-eval 0.4.13 reports it). The package is not on PyPI; without it a run stops before the
model loads (:class:`TinyTask`'s check) with one line saying how to install it; listing and
loading the tasks needs nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lmeval.requires import require
from lmeval.tasks.task import Task

INSTALL = "git+https://github.com/felipemaiapolo/tinyBenchmarks"


def _tiny_benchmarks() -> Any:
    return require("tinyBenchmarks", needed_by="tinyBenchmarks (tinyArc, tinyMMLU, ...)",
                   library="tinyBenchmarks", install=INSTALL)


class TinyTask(Task):
    """A tinyBenchmarks task: its run checks for the IRT package first (not with --predict_only)."""

    def check(self) -> None:
        super().check()
        if "bypass" not in self.metric_fns:
            _tiny_benchmarks()


def gpirt(items: Sequence[float], benchmark: str) -> float:
    """``tinyBenchmarks.evaluate``'s gp-IRT estimate of ``benchmark`` from the documents' scores."""
    import numpy as np

    return _tiny_benchmarks().evaluate(np.array(items), benchmark)[benchmark]["gpirt"]


def agg_gpirt_arc(items: Sequence[float]) -> float:
    return gpirt(items, "arc")


def agg_gpirt_gsm8k(items: Sequence[float]) -> float:
    return gpirt(items, "gsm8k")


def agg_gpirt_hellaswag(items: Sequence[float]) -> float:
    return gpirt(items, "hellaswag")


def agg_gpirt_mmlu(items: Sequence[float]) -> float:
    return gpirt(items, "mmlu")


def agg_gpirt_truthfulqa(items: Sequence[float]) -> float:
    return gpirt(items, "truthfulqa")


def agg_gpirt_winogrande(items: Sequence[float]) -> float:
    return gpirt(items, "winogrande")
