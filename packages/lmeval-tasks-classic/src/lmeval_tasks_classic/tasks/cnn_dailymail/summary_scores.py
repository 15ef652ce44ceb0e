"""CNN/DailyMail's per-summary scores (``process_results`` of ``cnn_dailymail_abisee``).

Both texts have their whitespace runs collapsed to one space and are stripped; ROUGE-1, ROUGE-2
and ROUGE-L F-measures come from ``rouge_score`` with the Porter stemmer (the reference first,
as ``RougeScorer.score(target, prediction)`` expects). BERTScore (distilbert-base-uncased) is
added when ``bert_score`` is installed, as lm-eval 0.4.13 does; ``summary_length`` is the
summary's word count.
"""

from __future__ import annotations

import logging
import re
from functools import cache
from typing import Any

from lmeval.requires import require

log = logging.getLogger(__name__)


def normalize_text(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _rouge_module() -> Any:
    return require("rouge_score.rouge_scorer", needed_by="cnn_dailymail_abisee",
                   library="rouge-score", install="'lmeval-tasks-classic[rouge]'")


_rouge_module()  # on import, so that a missing rouge-score stops a run before the model loads


@cache
def _rouge() -> Any:
    return _rouge_module().RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True)


@cache
def _bert_score() -> Any:
    try:
        from bert_score import score
    except ImportError:
        log.warning("cnn_dailymail_abisee: bert-score is not installed, so bertscore_* are not "
                    "reported (as in lm-eval); pip install 'lmeval-tasks-classic[bertscore]'")
        return None
    return score


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    summary = normalize_text(results[0] if results else "")
    reference = normalize_text(doc.get("highlights", ""))
    rouge = _rouge().score(reference, summary)
    out: dict[str, float] = {name: rouge[name].fmeasure for name in ("rouge1", "rouge2", "rougeL")}
    bert_score = _bert_score()
    if bert_score is not None:
        p, r, f1 = bert_score([summary], [reference], lang="en",
                              model_type="distilbert-base-uncased", verbose=False)
        out.update(bertscore_precision=p[0].item(), bertscore_recall=r[0].item(),
                   bertscore_f1=f1[0].item())
    out["summary_length"] = len(summary.split())
    return out
