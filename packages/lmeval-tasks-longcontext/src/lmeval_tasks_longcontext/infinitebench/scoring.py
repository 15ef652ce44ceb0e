"""InfiniteBench's scores, as lm-eval 0.4.13 computes them (after the official
``compute_scores.py``): each returns ``{"score": 0..1}`` for one answer.

The answer is first stripped, its control characters made spaces and stripped again.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval.requires import require

Doc = Mapping[str, Any]
ZH_PUNCTUATION = ("！？｡。＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟〰〾〿–—"
                  "''‛„‟…‧﹏.")
_ZH_STRIP = re.compile(rf"[{re.escape(string.punctuation + ZH_PUNCTUATION)}]")


def clean(prediction: str) -> str:
    return re.sub(r"[\x00-\x1f]", " ", prediction.strip()).strip()


def _replaced(text: str, chars: Sequence[str]) -> str:
    for char in chars:
        text = text.replace(char, " ")
    return text


def _scored(fn: Callable[[str, Doc], float]) -> Callable[[Doc, Sequence[str]], dict[str, float]]:
    def process_results(doc: Doc, results: Sequence[str]) -> dict[str, float]:
        return {"score": fn(clean(results[0]), doc)}

    process_results.__name__ = fn.__name__
    return process_results


def _answers(doc: Doc) -> list[str]:
    return list(doc.get("answer", []) or [])


@_scored
def substring(prediction: str, doc: Doc) -> float:
    """An answer, stripped, inside the prediction, case ignored (longdialogue_qa_en)."""
    upper = prediction.upper()
    return 1.0 if any(a.strip().upper() in upper for a in _answers(doc)) else 0.0


@_scored
def kv(prediction: str, doc: Doc) -> float:
    words = _replaced(prediction, ["\n", ":", '"', "'", ".", ",", "?", "!", "{", "}"]).split()
    return 1.0 if any(a.strip() in words for a in _answers(doc)) else 0.0


@_scored
def int_match(prediction: str, doc: Doc) -> float:
    """The first run of digits equals an answer (passkey, number_string)."""
    answers = _answers(doc)
    first = next((part for part in re.split(r"[^0-9]", prediction) if part), "")
    return 1.0 if answers and first and any(first == a.strip() for a in answers) else 0.0


def _same_number(found: str, answer: str) -> bool:
    try:
        if "." in found or "." in answer:
            return float(found) == float(answer)
        return int(found) == int(answer)
    except ValueError:
        return found == answer


@_scored
def math(prediction: str, doc: Doc) -> float:
    match = re.search(r"\d+\.\d+|\d+", prediction)
    if not _answers(doc) or not match:
        return 0.0
    return 1.0 if any(_same_number(match.group(0), a.strip()) for a in _answers(doc)) else 0.0


def answer_letter(doc: Doc) -> str:
    """The letter of the answer's text among the options (the dataset stores the text)."""
    answers, options = _answers(doc), list(doc.get("options", []) or [])
    if not answers or not options:
        return ""
    text = answers[0].strip()
    for i, option in enumerate(options):
        if option.strip() == text:
            return chr(ord("A") + i)
    return text.upper() if len(text) == 1 and text.upper() in "ABCDEFGHIJ" else ""


def _after_prefix(text: str, prefixes: Sequence[str]) -> tuple[bool, str]:
    """(a prefix was found, what follows the first found, stripped)."""
    for prefix in prefixes:
        at = text.lower().find(prefix)
        if at != -1:
            return True, text[at + len(prefix):].strip()
    return False, ""


@_scored
def choice(prediction: str, doc: Doc) -> float:
    """longbook_choice_en: the official six-step reading of a letter A-D."""
    label = answer_letter(doc)
    if not label:
        return 0.0
    pred = prediction.strip()
    match = re.search(r"\b([A-D])\b(?!.*\b[A-D]\b)", pred)
    if match:
        return float(match.group(1).upper() == label)
    if not pred:
        return 0.0
    if pred[0] in "ABCD":
        return float(pred[0] == label)
    if pred.upper() == label:
        return 1.0
    cleaned = _replaced(pred, ["\n", '"', "'", ".", ",", "?", "!", "{", "}"])
    for prefix in ("answer is:", "answer:", "answer is", "option is"):
        found, after = _after_prefix(cleaned, (prefix,))
        if found and after and after[0].upper() in "ABCD":
            return float(after[0].upper() == label)
    word = next((w.upper() for w in cleaned.split() if w.upper() in ("A", "B", "C", "D")), None)
    return float(word == label) if word else 0.0


@_scored
def code_debug(prediction: str, doc: Doc) -> float:
    answers = _answers(doc)
    if not answers:
        return 0.0
    label_func, label = answers[0].strip(), answer_letter(doc)
    if not label:
        if len(label_func) == 1 and label_func.upper() in "ABCDEFGHIJ":
            label, label_func = label_func.upper(), ""
        else:
            return 0.0
    pred = prediction.strip()
    match = re.search(r"\b([A-J])\b(?!.*\b[A-J]\b)", pred)
    if match:
        return float(match.group(1).upper() == label)
    cleaned = _replaced(pred, ["-", "*"]).replace("Option", " ").replace("option", " ")
    while "  " in cleaned:
        cleaned = cleaned.replace("  ", " ")
    cleaned = cleaned.strip()
    if cleaned.upper().startswith(label) or (label_func and cleaned.startswith(label_func)):
        return 1.0
    found, after = _after_prefix(cleaned, ("answer is:", "is:", "answer:", "correct option is:"))
    if found and after and (after[0].upper() == label or (label_func and after.startswith(label_func))):
        return 1.0
    return 0.0


@_scored
def code_run(prediction: str, doc: Doc) -> float:
    words = _replaced(prediction, ["\n", ".", "`", "'", '"', ":"]).split()
    if not _answers(doc) or not words:
        return 0.0
    try:
        last = int(words[-1])
    except ValueError:
        return 0.0
    for answer in _answers(doc):
        try:
            if last == int(answer.strip()):
                return 1.0
        except ValueError:
            if words[-1] == answer.strip():
                return 1.0
    return 0.0


def _normalize_en(text: str) -> list[str]:
    text = re.sub(r"\b(a|an|the)\b", " ", text.lower())
    return text.translate(str.maketrans("", "", string.punctuation)).split()


def _normalize_zh(text: str) -> list[str]:
    return list("".join(_ZH_STRIP.sub("", text).lower().split()))


def token_f1(prediction: str, reference: str, chinese: bool = False) -> float:
    tokens = _normalize_zh if chinese else _normalize_en
    pred, ref = tokens(prediction), tokens(reference)
    if not pred or not ref:
        return 0.0
    same = sum(min(pred.count(t), ref.count(t)) for t in set(pred) & set(ref))
    if same == 0:
        return 0.0
    precision, recall = same / len(pred), same / len(ref)
    return 2 * precision * recall / (precision + recall)


@_scored
def qa_en(prediction: str, doc: Doc) -> float:
    return max((token_f1(prediction, a) for a in _answers(doc)), default=0.0) if prediction else 0.0


@_scored
def qa_chn(prediction: str, doc: Doc) -> float:
    return max((token_f1(prediction, a, chinese=True) for a in _answers(doc)), default=0.0) if prediction else 0.0


def rouge_scorer() -> Any:
    return require("rouge_score.rouge_scorer", needed_by="InfiniteBench's summary score (infinitebench_longbook_sum_en)",
                   install="'lmeval-tasks-longcontext[infinitebench]'", library="rouge-score")


@_scored
def rouge(prediction: str, doc: Doc) -> float:
    """ROUGE-Lsum F1 (Porter stemmer) against the first answer."""
    answers = _answers(doc)
    if not answers or not prediction:
        return 0.0
    scorer = rouge_scorer().RougeScorer(["rougeLsum"], use_stemmer=True)
    return scorer.score(answers[0], prediction)["rougeLsum"].fmeasure
