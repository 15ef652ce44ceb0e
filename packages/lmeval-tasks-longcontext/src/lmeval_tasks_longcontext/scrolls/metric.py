"""The SCROLLS metric (``tau/scrolls``' ``metrics/scrolls.py``, which lm-eval 0.4.13 downloads from
the Hub) computed here: every value x100 and rounded to 4 decimals, as that metric reports them.

* ``f1`` (Qasper, NarrativeQA): SQuAD token F1 of each prediction against its best reference,
  averaged.
* ``rouge/rouge1``, ``rouge/rouge2``, ``rouge/rougeL`` (summaries): rouge-score F-measures without
  a stemmer, prediction and references split into sentences by NLTK (one per line), the best
  reference per prediction, averaged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lmeval.requires import require

from lmeval_tasks_longcontext.scrolls.documents import normalize_answer

NEEDED_BY = "SCROLLS' metric (scrolls_*)"
INSTALL = "'lmeval-tasks-longcontext[scrolls]'"


def check_summary_libraries() -> None:
    """Refuse a summary task when it loads, naming the extra, if rouge-score or nltk is missing."""
    require("rouge_score.rouge_scorer", needed_by=NEEDED_BY, install=INSTALL, library="rouge-score")
    _nltk()


def _token_f1(prediction: str, reference: str) -> float:
    pred, ref = normalize_answer(prediction).split(), normalize_answer(reference).split()
    same = sum((Counter(pred) & Counter(ref)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred), same / len(ref)
    return (2 * precision * recall) / (precision + recall)


def f1(predictions: Sequence[str], references: Sequence[Sequence[str]]) -> float:
    total = sum(max(_token_f1(p, r) for r in refs) for p, refs in zip(predictions, references, strict=True))
    return round(100.0 * total / len(predictions), 4)


def _nltk() -> Any:
    nltk = require("nltk", needed_by=NEEDED_BY, install=INSTALL)
    shipped = str(Path(__file__).resolve().parents[1] / "data" / "nltk_data")
    if shipped not in nltk.data.path:
        nltk.data.path.append(shipped)  # the pack's Punkt model, after the user's own
    return nltk


def _sentences(text: str) -> str:
    return "\n".join(_nltk().sent_tokenize(text))


def rouge(predictions: Sequence[str], references: Sequence[Sequence[str]]) -> dict[str, float]:
    scorer_module = require("rouge_score.rouge_scorer", needed_by=NEEDED_BY, install=INSTALL, library="rouge-score")
    scorer = scorer_module.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=False)
    best: dict[str, list[float]] = {k: [] for k in ("rouge1", "rouge2", "rougeL", "rougeLsum")}
    for prediction, refs in zip(predictions, references, strict=True):
        scores = [scorer.score(_sentences(r), _sentences(prediction)) for r in refs]
        for key in best:
            best[key].append(max(s[key].fmeasure * 100 for s in scores))
    out = {key: sum(values) / len(values) for key, values in best.items()}
    out["geometric_mean"] = (out["rouge1"] * out["rouge2"] * out["rougeL"]) ** (1.0 / 3.0)
    return {f"rouge/{key}": round(value, 4) for key, value in out.items()}


def corpus(key: str, items: Sequence[tuple[str, Any]]) -> float:
    """The metric value ``key`` ("f1", "rouge/rouge1", ...) over the documents' (prediction, outputs)."""
    predictions, references = zip(*items, strict=True)
    return f1(predictions, references) if key == "f1" else rouge(predictions, references)[key]
