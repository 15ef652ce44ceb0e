"""GalicianBench, SpanishBench and PortugueseBench helpers that CatalanBench's do not cover
(IberoBench, Baucells et al. 2025): Galician field names, TruthfulQA-gl's MC2 score, the
double-space clean-up of summaries and ASSIN 2's scores, as lm-eval 0.4.13 computes them.

Every function returns new documents; the loaded dataset is never modified in place.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.prompts import general_detokenize, lower_first


def process_docs_paraphrases_gl(docs: Any) -> Any:
    """parafrases_gl: pairs with an empty ``Frase`` or ``Paráfrase`` dropped; detokenized; the first
    loses its final mark, the second starts lower-case."""
    def keep(doc: Mapping[str, Any]) -> bool:
        return doc["Frase"] not in (None, "") and doc["Paráfrase"] not in (None, "")

    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        first = general_detokenize(doc["Frase"]).strip()
        second = general_detokenize(doc["Paráfrase"]).strip()
        if first.endswith((".", ",", ";")):
            first = first[:-1]
        return {**doc, "Frase": first, "Paráfrase": lower_first(second)}

    return docs.filter(keep).map(fix)


_NLI_LABELS = {"entailment": 0, "neutral": 1, "contradiction": 2}


def process_doc_nli_gl(docs: Any) -> Any:
    """xnli_gl: as CatalanBench's NLI clean-up on ``sentence1``/``sentence2``; ``gold_label``'s
    name becomes its index (entailment, neutral, contradiction)."""
    def fix(doc: Mapping[str, Any]) -> dict[str, Any]:
        premise = general_detokenize(doc["sentence1"]).strip()
        hypothesis = lower_first(general_detokenize(doc["sentence2"]).strip())
        if premise.endswith((".", ",", "!", "?")):
            premise = premise[:-1]
        if not hypothesis.endswith("."):
            hypothesis += "."
        return {**doc, "sentence1": premise, "sentence2": hypothesis, "gold_label": _NLI_LABELS[doc["gold_label"]]}

    return docs.map(fix)


def collapse_spaces(docs: Any) -> Any:
    """summarization_gl, xlsum_es: runs of spaces in ``text`` and ``summary`` become one."""
    return docs.map(lambda d: {**d, "text": re.sub(r" +", " ", d["text"]), "summary": re.sub(r" +", " ", d["summary"])})


def process_results_mc2(doc: Mapping[str, Any], results: Sequence[tuple[float, bool]]) -> dict[str, float]:
    """TruthfulQA MC2: the probability mass of the true answers (those before the first 0 label)."""
    lls = [ll for ll, _ in results]
    split = list(doc["mc2_targets"]["labels"]).index(0)
    probs = [math.exp(ll) for ll in lls]
    total = sum(probs[:split]) + sum(probs[split:])
    return {"acc": sum(p / total for p in probs[:split])}


# ------------------------------------------------------------------------------------- ASSIN 2

def parse_score(text: str) -> float | None:
    """The first number 1-5 (decimal point or comma) of a generation, clipped to [1, 5]."""
    match = re.search(r"\b([1-5](?:[.,]\d+)?)\b", text)
    if match is None:
        return None
    return max(1.0, min(5.0, float(match.group(1).replace(",", "."))))


def process_results_sts(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, tuple[float, float]]:
    """assin2_sts: (predicted, gold) relatedness; an unreadable answer counts as 3.0, as lm-eval's."""
    pred = parse_score(results[0].strip())
    return {"pearsonr": (3.0 if pred is None else pred, float(doc["relatedness_score"]))}


def pearson_corr(items: Sequence[tuple[float, float]]) -> float:
    """Pearson's r of the pairs (scipy's ``pearsonr``); 0.0 when every prediction is the same."""
    preds = [float(p) for p, _ in items]
    golds = [float(g) for _, g in items]
    if len(set(preds)) < 2:
        return 0.0
    n = len(preds)
    mp, mg = math.fsum(preds) / n, math.fsum(golds) / n
    dp = [p - mp for p in preds]
    dg = [g - mg for g in golds]
    denom = math.sqrt(math.fsum(x * x for x in dp)) * math.sqrt(math.fsum(y * y for y in dg))
    if denom == 0:
        return float("nan")
    return max(-1.0, min(1.0, math.fsum(x * y for x, y in zip(dp, dg, strict=True)) / denom))


def macro_f1(items: Sequence[tuple[Any, Any]]) -> float:
    """F1 per label (gold or predicted) averaged unweighted (scikit-learn's ``average="macro"``,
    undefined ratios counted as 0)."""
    golds = [g for g, _ in items]
    preds = [p for _, p in items]
    labels = set(golds) | set(preds)
    total = 0.0
    for label in labels:
        tp = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p == label)
        fp = sum(1 for g, p in zip(golds, preds, strict=True) if g != label and p == label)
        fn = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p != label)
        denom = 2 * tp + fp + fn
        total += 2 * tp / denom if denom else 0.0
    return total / len(labels) if labels else 0.0
