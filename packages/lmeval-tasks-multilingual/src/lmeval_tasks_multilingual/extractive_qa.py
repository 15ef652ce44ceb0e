"""Extractive QA scoring of XQuAD, MLQA and TyDiQA-GoldP as lm-eval 0.4.13 computes it.

XQuAD scores the first reference with SQuAD's normalization (:mod:`.scoring`). MLQA and TyDiQA
follow MLQA's official script: Unicode punctuation removed, the language's articles dropped,
Chinese segmented per character, then the best exact match and token F1 over the references.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval_tasks_multilingual.scoring import exact, token_f1

_ASCII_PUNCT = set(string.punctuation)
_HAN = re.compile(r"[\u4e00-\u9fa5]")
#: MLQA's articles per language (hi and zh have none)
MLQA_ARTICLES = {
    "en": r"\b(a|an|the)\b", "es": r"\b(un|una|unos|unas|el|la|los|las)\b", "hi": None,
    "vi": r"\b(của|là|cái|chiếc|những)\b", "de": r"\b(ein|eine|einen|einem|eines|einer|der|die|das|den|dem|des)\b",
    "ar": r"(?:^|\s)ال", "zh": None,
}
#: TyDiQA-GoldP keeps MLQA's English and Arabic articles; its other languages have none removed
TYDIQA_ARTICLES = {"en": MLQA_ARTICLES["en"], "ar": MLQA_ARTICLES["ar"]}


def is_punct(ch: str) -> bool:
    """A Unicode punctuation character (category P*) or an ASCII punctuation mark."""
    return ch in _ASCII_PUNCT or unicodedata.category(ch).startswith("P")


def mixed_segmentation(text: str) -> list[str]:
    """Chinese characters and punctuation as tokens of their own, the rest split on whitespace."""
    out: list[str] = []
    run = ""
    for ch in text:
        if _HAN.search(ch) or is_punct(ch):
            out.extend(run.split())
            run = ""
            out.append(ch)
        else:
            run += ch
    out.extend(run.split())
    return out


def normalize(text: str, articles: str | None, *, mixed: bool = False) -> str:
    """Lower case, no punctuation, no articles, single spaces (per-character Chinese when ``mixed``)."""
    text = "".join(ch for ch in text.lower() if not is_punct(ch))
    if articles:
        text = re.sub(articles, " ", text)
    tokens = mixed_segmentation(text) if mixed else text.split()
    return " ".join(t for t in tokens if t.strip() != "")


def _f1(pred: str, gold: str) -> float:
    pred_toks, gold_toks = pred.split(), gold.split()
    same = sum((Counter(pred_toks) & Counter(gold_toks)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred_toks), same / len(gold_toks)
    return 2 * precision * recall / (precision + recall)


def best_over_references(doc: Mapping[str, Any], results: Sequence[str],
                         norm: Callable[[str], str]) -> dict[str, Any]:
    """The best exact match and token F1 of the stripped generation over ``doc["answers"]``."""
    pred = norm(results[0].strip())
    golds = [norm(g) for g in doc["answers"]]
    return {"exact_match": max(pred == g for g in golds), "f1": max(_f1(pred, g) for g in golds)}


def mlqa_results(lang: str) -> Callable[[Mapping[str, Any], Sequence[str]], dict[str, Any]]:
    """MLQA's ``process_results`` for a context language."""
    articles = MLQA_ARTICLES[lang]

    def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
        return best_over_references(doc, results, lambda s: normalize(s, articles, mixed=lang == "zh"))

    return process_results


def tydiqa_results(lang: str) -> Callable[[Mapping[str, Any], Sequence[str]], dict[str, Any]]:
    """TyDiQA-GoldP's ``process_results`` for a language."""
    articles = TYDIQA_ARTICLES.get(lang)

    def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
        return best_over_references(doc, results, lambda s: normalize(s, articles))

    return process_results


def mlqa_process_docs(dataset: Any) -> Any:
    """MLQA documents: the context, the question, the answers' texts."""
    return dataset.map(lambda doc: {"context": doc["context"], "question": doc["question"],
                                    "answers": doc["answers"]["text"]})


def tydiqa_docs(language: str) -> Callable[[Any], Any]:
    """TyDiQA-GoldP's documents of one language (ids ``<language>-...``), answers as their texts."""

    def process_docs(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["id"].startswith(f"{language}-")).map(
            lambda doc: {"id": doc["id"], "title": doc["title"], "context": doc["context"],
                         "question": doc["question"], "answers": doc["answers"]["text"]})

    return process_docs


def xquad_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, Any]:
    """XQuAD: SQuAD's F1 and exact match of the generation against the first reference."""
    reference = doc["answers"]["text"][0]
    return {"f1": token_f1(reference, results[0]), "exact_match": exact(reference, results[0])}
