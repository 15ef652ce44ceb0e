"""CareQA-Open's free answers scored with HF ``evaluate``'s BLEU, ROUGE, BLEURT and BERTScore.

``evaluate`` is imported with this module, which the run imports before the model loads, so a
missing library stops it with one line naming the pack's ``careqa-open`` extra; the four
metrics load on first use (BLEURT and BERTScore fetch models from the Hub). A metric that fails
on one answer scores NaN for it, NaNs are left out of the ``nanmean``, and an empty answer or
reference scores NaN everywhere, as in lm-eval 0.4.13.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from lmeval.requires import require

_METRICS = ("bleu", "rouge1", "rouge2", "rougeL", "bleurt", "bert_score")

evaluate = require("evaluate", needed_by="careqa_open", library="HF evaluate",
                   install="'lmeval-tasks-classic[careqa-open]'")


@cache
def _scorers() -> dict[str, Any]:
    return {"bleu": evaluate.load("bleu"), "rouge": evaluate.load("rouge"),
            "bertscore": evaluate.load("bertscore"),
            "bleurt": evaluate.load("bleurt", "bleurt-base-512", module_type="metric")}


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _score(prediction: str, reference: str) -> dict[str, float]:
    scorers = _scorers()
    pred, refs = [prediction], [reference]
    out = dict.fromkeys(_METRICS, math.nan)
    try:
        out["bleu"] = scorers["bleu"].compute(predictions=pred, references=refs)["bleu"]
    except Exception:  # noqa: BLE001 - lm-eval scores a failing metric as NaN
        pass
    try:
        rouge = scorers["rouge"].compute(predictions=pred, references=refs)
        out.update(rouge1=rouge["rouge1"], rouge2=rouge["rouge2"], rougeL=rouge["rougeL"])
    except Exception:  # noqa: BLE001
        pass
    try:
        out["bleurt"] = _mean(scorers["bleurt"].compute(predictions=pred, references=refs)["scores"])
    except Exception:  # noqa: BLE001
        pass
    try:
        out["bert_score"] = _mean(scorers["bertscore"].compute(predictions=pred, references=refs,
                                                               lang="en")["f1"])
    except Exception:  # noqa: BLE001
        pass
    if out["bleu"] == 0:  # lm-eval nudges a zero BLEU so that its stderr stays defined
        out["bleu"] += 1e-5
    return out


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    prediction, reference = results[0], doc["answer"]
    if not reference or not prediction:
        return dict.fromkeys(_METRICS, math.nan)
    return _score(prediction, reference)
