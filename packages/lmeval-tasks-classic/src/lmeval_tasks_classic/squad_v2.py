"""SQuAD v2 (``squadv2``): lm-eval 0.4.13's Python task, ported to :class:`lmeval.tasks.task.Task`,
and the official SQuAD 2.0 evaluation that HF ``evaluate``'s ``squad_v2`` module wraps, computed
here without the Hub.

Each document asks two things of the model: an answer (greedy, until a newline) and the
log-likelihood of `` unanswerable``, whose probability is the no-answer probability. The corpus
scores (exact, f1, their HasAns/NoAns splits, best_exact/best_f1 over no-answer thresholds) are
those of the official script on all documents at once; a split with no question reports 0, as
lm-eval's ``.get(key, 0)`` does.
"""

from __future__ import annotations

import collections
import math
import re
import string
import struct
from collections.abc import Sequence
from functools import partial
from typing import Any

from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, Request
from lmeval.tasks.task import Task

METRICS = ("exact", "f1", "HasAns_exact", "HasAns_f1", "NoAns_exact", "NoAns_f1", "best_exact", "best_f1")
_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCTUATION = frozenset(string.punctuation)


def normalize_answer(text: str) -> str:
    """Lower case, no punctuation, no articles, single spaces (the official normalisation)."""
    text = "".join(ch for ch in text.lower() if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


def _tokens(text: str) -> list[str]:
    return normalize_answer(text).split() if text else []


def exact(gold: str, pred: str) -> int:
    return int(normalize_answer(gold) == normalize_answer(pred))


def f1(gold: str, pred: str) -> float:
    gold_toks, pred_toks = _tokens(gold), _tokens(pred)
    if not gold_toks or not pred_toks:
        return int(gold_toks == pred_toks)
    same = sum((collections.Counter(gold_toks) & collections.Counter(pred_toks)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred_toks), same / len(gold_toks)
    return (2 * precision * recall) / (precision + recall)


def _float32(value: float) -> float:
    """``evaluate`` stores the no-answer probability as float32 (its feature type)."""
    return struct.unpack("f", struct.pack("f", value))[0]


def _best(preds: dict[str, str], scores: dict[str, float], na_probs: dict[str, float],
          has_ans: dict[str, bool]) -> float:
    """The best score over no-answer thresholds (questions taken by rising no-answer probability)."""
    current = best = sum(1 for v in has_ans.values() if not v)
    for qid in sorted(na_probs, key=lambda k: na_probs[k]):
        if qid not in scores:
            continue
        current += scores[qid] if has_ans[qid] else (-1 if preds[qid] else 0)
        best = max(best, current)
    return 100.0 * best / len(scores)


def squad_v2_scores(predictions: Sequence[dict], references: Sequence[dict],
                    no_answer_threshold: float = 1.0) -> dict[str, float]:
    """The official SQuAD 2.0 evaluation of ``evaluate``'s ``squad_v2`` (without the thresholds)."""
    na_probs = {p["id"]: _float32(p["no_answer_probability"]) for p in predictions}
    preds = {p["id"]: p["prediction_text"] for p in predictions}
    has_ans = {r["id"]: bool(r["answers"]["text"]) for r in references}
    exact_raw: dict[str, float] = {}
    f1_raw: dict[str, float] = {}
    for ref in references:
        qid = ref["id"]
        golds = [t for t in ref["answers"]["text"] if normalize_answer(t)] or [""]
        if qid in preds:
            exact_raw[qid] = max(exact(g, preds[qid]) for g in golds)
            f1_raw[qid] = max(f1(g, preds[qid]) for g in golds)

    def thresholded(raw: dict[str, float]) -> dict[str, float]:
        return {q: float(not has_ans[q]) if na_probs[q] > no_answer_threshold else s for q, s in raw.items()}

    exact_t, f1_t = thresholded(exact_raw), thresholded(f1_raw)
    out = {"exact": 100.0 * sum(exact_t.values()) / len(exact_t),
           "f1": 100.0 * sum(f1_t.values()) / len(f1_t)}
    for prefix, wanted in (("HasAns", True), ("NoAns", False)):
        qids = [q for q, v in has_ans.items() if v is wanted]
        if qids:
            out[f"{prefix}_exact"] = 100.0 * sum(exact_t[q] for q in qids) / len(qids)
            out[f"{prefix}_f1"] = 100.0 * sum(f1_t[q] for q in qids) / len(qids)
    out["best_exact"] = _best(preds, exact_raw, na_probs, has_ans)
    out["best_f1"] = _best(preds, f1_raw, na_probs, has_ans)
    return out


def aggregate(key: str, items: Sequence[tuple[dict, dict]]) -> float:
    """One corpus score from the documents' (prediction, reference) pairs; 0 when undefined."""
    predictions, references = zip(*items, strict=True)
    return squad_v2_scores(predictions, references).get(key, 0)


class SQuAD2(Task):
    """lm-eval's ``SQuAD2`` task: its prompt, target, two requests per document and scores."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.metric_fns = dict.fromkeys(METRICS)
        self.metric_kwargs = {m: {} for m in METRICS}
        self.aggregations = {m: partial(aggregate, m) for m in METRICS}
        self.higher_is_better = dict.fromkeys(METRICS, True)

    def doc_to_text(self, doc: dict, spec: Any = None) -> str:
        return (f"Title: {doc['title']}\n\nBackground: {doc['context']}\n\n"
                f"Question: {doc['question']}\n\nAnswer:")

    def doc_to_target(self, doc: dict, spec: Any = None) -> str:
        answers = doc["answers"]["text"]
        return " " + (answers[0] if len(answers) > 0 else "unanswerable")

    def construct_requests(self, doc: dict, ctx: Any, *, chat: bool = False) -> list[Request]:
        return [GenerateRequest.make(ctx, {"until": ["\n"]}),
                LoglikelihoodRequest(ctx, " unanswerable")]

    def process_results(self, doc: dict, results: list[Any]) -> dict[str, Any]:
        if "bypass" in self.metric_fns:  # --predict_only: nothing is scored
            return {"bypass": None}
        continuation, (logprob_unanswerable, _) = results
        prediction = {"id": doc["id"], "prediction_text": continuation,
                      "no_answer_probability": math.exp(logprob_unanswerable)}
        reference = {"id": doc["id"], "answers": doc["answers"]}
        return {m: (prediction, reference) for m in METRICS}
