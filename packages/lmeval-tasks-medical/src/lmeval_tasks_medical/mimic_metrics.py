"""mimic_repsum's scores: :mod:`open_metrics`' six and F1-RadGraph (partial reward), as lm-eval
0.4.13 computes them. ``radgraph`` is imported with this module, before the model loads (a
missing one is one line naming the pack's ``mimic`` extra), as lm-eval's helper imports it."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from lmeval.requires import require

from lmeval_tasks_medical import open_documents as docs
from lmeval_tasks_medical.open_metrics import METRICS, score

radgraph = require("radgraph", needed_by="mimic_repsum's F1-RadGraph", install="'lmeval-tasks-medical[mimic]'")


@cache
def _f1radgraph() -> Any:
    return radgraph.F1RadGraph(reward_level="partial")


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    """NaN everywhere when the answer or the impressions have fewer than 5 characters."""
    prediction, ref = results[0], docs.mimic_impressions(doc)
    if len(ref) < 5 or len(prediction) < 5:
        return dict.fromkeys((*METRICS, "F1-Radgraph"), math.nan)
    out: dict[str, float] = dict(score(prediction, ref))
    try:
        out["F1-Radgraph"] = _f1radgraph()(hyps=[prediction], refs=[ref])[0]
    except Exception:  # noqa: BLE001 - lm-eval scores a failing metric as NaN
        out["F1-Radgraph"] = math.nan
    return out
