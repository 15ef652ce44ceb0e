"""SLR-Bench's reward: the generated Prolog rule run against the document's validation program by
the authors' verifier (``AIML-TUDA/VerifiableRewardsForScalableLogicalReasoning``, an HF
``evaluate`` module that calls SWI-Prolog); when that module cannot be loaded, exact match with
the ground-truth rule, as lm-eval 0.4.13 falls back. Without ``swipl`` on PATH the task is refused
(lm-eval exits)."""

from __future__ import annotations

import logging
import shutil
from typing import Any

from lmeval.errors import UsageError
from lmeval.requires import require

log = logging.getLogger(__name__)
VERIFIER = "AIML-TUDA/VerifiableRewardsForScalableLogicalReasoning"

if shutil.which("swipl") is None:
    raise UsageError("slr_bench needs SWI-Prolog (swipl) on PATH, which is not installed: install it from "
                     "https://www.swi-prolog.org (apt install swi-prolog), then pip install 'lmeval-tasks-classic[slr]'")
evaluate = require("evaluate", needed_by="slr_bench", install="'lmeval-tasks-classic[slr]'")
try:
    judge: Any = evaluate.load(VERIFIER)
except Exception as exc:  # no Hub access: lm-eval warns and scores by exact match
    log.warning("slr_bench: could not load the verifier %s (%s); scoring by exact match with the ground-truth rule",
                VERIFIER, exc)
    judge = None


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    prediction = results[0]
    try:
        if judge is not None:
            reference = [{"validation_program": doc.get("validation program", ""),
                          "evaluation_config": {"positive_predicate": "eastbound", "negative_predicate": "westbound"}}]
            verdict = judge.compute(predictions=[prediction], references=reference)
            if isinstance(verdict, dict) and "accuracy" in verdict:
                return {"verifiable_reward": verdict["accuracy"]}
        return {"verifiable_reward": float(prediction.strip() == doc.get("ground-truth rule", "").strip())}
    except Exception as exc:  # lm-eval prints the error and scores 0
        log.warning("slr_bench: scoring failed: %s", exc)
        return {"verifiable_reward": 0.0}
