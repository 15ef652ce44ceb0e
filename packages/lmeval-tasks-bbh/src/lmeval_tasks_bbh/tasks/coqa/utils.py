"""CoQA (Reddy et al., 2019): the conversation prompt and SQuAD's exact match and F1, as
lm-eval 0.4.13 computes them (its scorer is transformers' ``squad_metrics``; written here)."""

from __future__ import annotations

import re
import string
from collections import Counter
from itertools import zip_longest

_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCTUATION = set(string.punctuation)


def doc_to_text(doc: dict) -> str:
    """The story, each earlier turn as ``Q: …⏎⏎A: …⏎⏎``, the last question and ``A:``."""
    text = doc["story"] + "\n\n"
    for question, answer in zip_longest(doc["questions"]["input_text"], doc["answers"]["input_text"][:-1]):
        text += f"Q: {question}\n\n" + (f"A: {answer}\n\n" if answer is not None else "A:")
    return text


def doc_to_target(doc: dict) -> list[str]:
    """The last turn's answer, then its alternatives that differ from those before (any case)."""
    turn = len(doc["questions"]["input_text"])
    answers = [doc["answers"]["input_text"][turn - 1]]
    for key in doc.get("additional_answers") or {}:
        alternative = doc["additional_answers"][key]["input_text"][turn - 1]
        if alternative.lower() not in map(str.lower, answers):
            answers.append(alternative)
    return answers


def normalize_answer(text: str) -> str:
    text = "".join(ch for ch in text.lower() if ch not in _PUNCTUATION)
    return " ".join(_ARTICLES.sub(" ", text).split())


def _tokens(text: str) -> list[str]:
    return normalize_answer(text).split() if text else []


def compute_exact(gold: str, pred: str) -> int:
    return int(normalize_answer(gold) == normalize_answer(pred))


def compute_f1(gold: str, pred: str) -> float:
    gold_tokens, pred_tokens = _tokens(gold), _tokens(pred)
    if not gold_tokens or not pred_tokens:
        return int(gold_tokens == pred_tokens)
    same = sum((Counter(gold_tokens) & Counter(pred_tokens)).values())
    if same == 0:
        return 0
    precision, recall = same / len(pred_tokens), same / len(gold_tokens)
    return (2 * precision * recall) / (precision + recall)


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    """The first line of the answer, scored against every gold but one in turn (all golds when
    there is one), best of each, averaged."""
    golds = doc_to_target(doc)
    pred = results[0].strip().split("\n")[0]
    em = f1 = 0.0
    if len(golds) > 1:
        for i in range(len(golds)):
            others = golds[:i] + golds[i + 1:]
            em += max(compute_exact(g, pred) for g in others)
            f1 += max(compute_f1(g, pred) for g in others)
    else:
        em += max(compute_exact(g, pred) for g in golds)
        f1 += max(compute_f1(g, pred) for g in golds)
    return {"em": em / max(1, len(golds)), "f1": f1 / max(1, len(golds))}
