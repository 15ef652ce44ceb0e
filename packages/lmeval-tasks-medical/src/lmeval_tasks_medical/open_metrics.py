"""The free-answer medical tasks' scores: HF ``evaluate``'s BLEU, ROUGE, BLEURT and BERTScore
(and mimic_repsum's F1-RadGraph), per answer, as lm-eval 0.4.13's helpers compute them.

``evaluate`` is imported with this module, which the run imports before the model loads, so a
missing library stops it with one line naming the pack's ``open-answers`` extra; the metrics
load on first use (BLEURT and BERTScore fetch models from the Hub). A metric that fails on an
answer scores NaN for it (left out of the ``nanmean``); an answer or reference shorter than the
task's minimum scores NaN everywhere; a BLEU of exactly 0 is nudged to 1e-5, as in lm-eval.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any

from lmeval.requires import require

from lmeval_tasks_medical import open_documents as docs

METRICS = ("bleu", "rouge1", "rouge2", "rougeL", "bleurt", "bert_score")

evaluate = require("evaluate", needed_by="the medical free-answer scoring", library="HF evaluate",
                   install="'lmeval-tasks-medical[open-answers]'")


@cache
def _metric(name: str) -> Any:
    if name == "bleurt":
        return evaluate.load("bleurt", "bleurt-base-512", module_type="metric")
    return evaluate.load(name)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def score(prediction: str, reference: str) -> dict[str, float]:
    pred, refs = [prediction], [reference]
    out = dict.fromkeys(METRICS, math.nan)
    try:
        out["bleu"] = _metric("bleu").compute(predictions=pred, references=refs)["bleu"]
    except Exception:  # noqa: BLE001 - lm-eval scores a failing metric as NaN
        pass
    try:
        rouge = _metric("rouge").compute(predictions=pred, references=refs)
        out.update(rouge1=rouge["rouge1"], rouge2=rouge["rouge2"], rougeL=rouge["rougeL"])
    except Exception:  # noqa: BLE001
        pass
    try:
        out["bleurt"] = _mean(_metric("bleurt").compute(predictions=pred, references=refs)["scores"])
    except Exception:  # noqa: BLE001
        pass
    try:
        out["bert_score"] = _mean(_metric("bertscore").compute(predictions=pred, references=refs, lang="en")["f1"])
    except Exception:  # noqa: BLE001
        pass
    if out["bleu"] == 0:
        out["bleu"] += 1e-5
    return out


def scorer(reference: Callable[[dict], str], minimum: int) -> Callable[[dict, list[str]], dict[str, float]]:
    """``process_results`` for a task: NaN everywhere when the answer or the reference has fewer
    than ``minimum`` characters, else :func:`score`."""
    def process_results(doc: dict, results: list[str]) -> dict[str, float]:
        prediction, ref = results[0], reference(doc)
        if len(ref) < minimum or len(prediction) < minimum:
            return dict.fromkeys(METRICS, math.nan)
        return score(prediction, ref)
    return process_results


process_results_gen_raw = scorer(docs.dialog_answer, 1)
process_results_gen_qsumm = scorer(docs.qsumm_target, 1)
process_results_mediqa = scorer(docs.mediqa_answer, 1)
process_results_medtext = scorer(docs.medtext_completion, 1)
process_results_meqsum = scorer(docs.meqsum_summary, 1)
process_results_mts_dialog = scorer(docs.mts_note, 5)
process_results_olaph = scorer(docs.olaph_answer, 10)

