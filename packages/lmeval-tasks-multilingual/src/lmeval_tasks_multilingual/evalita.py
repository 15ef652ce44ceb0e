"""Evalita-LLM (Magnini et al. 2025, arXiv:2502.02289): targets, answer parsers and corpus
aggregations of its Italian tasks, as lm-eval 0.4.13's ``evalita_llm`` helpers compute them
(scikit-learn's F1 written out: labels are the sorted union of gold and predicted ones, an undefined
ratio counts 0). The summaries' ROUGE-1 is in :mod:`.evalita_rouge` (extra ``[rouge]``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

Doc = Mapping[str, Any]

# ------------------------------------------------------------------------------------ F1 (sklearn)


def _f1_per_label(golds: Sequence[Any], preds: Sequence[Any], labels: Sequence[Any] | None = None) -> list[float]:
    out = []
    for label in labels if labels is not None else sorted(set(golds) | set(preds)):
        tp = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p == label)
        fp = sum(1 for g, p in zip(golds, preds, strict=True) if g != label and p == label)
        fn = sum(1 for g, p in zip(golds, preds, strict=True) if g == label and p != label)
        denom = 2 * tp + fp + fn
        out.append(2 * tp / denom if denom else 0.0)
    return out


def _concatenated(items: Sequence[Sequence[Sequence[Any]]]) -> tuple[list[Any], list[Any]]:
    preds: list[Any] = []
    golds: list[Any] = []
    for pred, gold in items:
        preds.extend(pred)
        golds.extend(gold)
    return preds, golds


# ------------------------------------------------------------------------------ sentiment analysis

SA_CLASSES = {("1", "0"): 0, ("0", "1"): 1, ("0", "0"): 2, ("1", "1"): 3}  # (opos, oneg) → choice index


def sa_doc_to_target(doc: Doc) -> int | None:
    """Positive, negative, neutral, mixed: the index of the (opos, oneg) pair."""
    return SA_CLASSES.get((doc["opos"], doc["oneg"]))


def sa_doc_to_choice(doc: Doc) -> list[str]:
    return ["Positivo", "Negativo", "Neutrale", "Misto"]


def _polarities(labels: Sequence[int]) -> tuple[list[int], list[int]]:
    pairs = {0: (1, 0), 1: (0, 1), 2: (0, 0), 3: (1, 1)}
    kept = [pairs[x] for x in labels if x in pairs]
    return [p for p, _ in kept], [n for _, n in kept]


def _two_class_mean(golds: list[int], preds: list[int]) -> float:
    f1 = _f1_per_label(golds, preds)
    return (f1[0] + (f1[1] if len(f1) > 1 else 0)) / 2


def aggregate_sa(items: Sequence[tuple[int, int]]) -> float:
    """The mean of the positive-polarity and the negative-polarity F1 (each the mean over its two
    classes), the four choices mapped back to the (opos, oneg) annotation."""
    preds, golds = zip(*items, strict=True)
    pred_pos, pred_neg = _polarities(preds)
    gold_pos, gold_neg = _polarities(golds)
    return (_two_class_mean(gold_pos, pred_pos) + _two_class_mean(gold_neg, pred_neg)) / 2


# --------------------------------------------------------------------------- lexical substitution

NO_SYN = "&&NOSYN&&"


def ls_doc_to_target(doc: Doc) -> str:
    return ", ".join(a["word"] for a in doc["answers"]) if doc["answers"] else NO_SYN


def _ls_gold(doc: Doc) -> tuple[list[str], list[int]]:
    """The annotators' words and counts, read back from lm-eval's ``word$$count::...`` string."""
    if not doc["answers"]:
        return [], []
    text = "".join(f"{a['word']}$${a['count']}::" for a in doc["answers"])
    if text[-2] == ":":
        text = text[:-2]
    words, freqs = [], []
    for part in text.split("::"):
        if "$$" in part:
            word, count = part.split("$$")
            words.append(word)
            try:
                freqs.append(int(count))
            except ValueError:
                freqs.append(0)
    return words, freqs


def _ls_answers(text: str) -> list[str]:
    """The comma-separated words of the generation's first line (a quoted run split inside)."""
    out: list[str] = []
    for match in re.findall(r"[^,]+", text.split("\n")[0]):
        if match.startswith('"') and match.endswith('"'):
            out.extend(re.findall(r"[^,]+", match[1:-1]))
        else:
            out.append(match)
    return [e.strip().replace('"', "") for e in out]


def ls_process_results(doc: Doc, results: Sequence[str]) -> dict[str, Any]:
    """(the annotator counts of the first ten words found among the gold ones / all counts,
    whether the model answered, whether the item has gold words)."""
    words, freqs = _ls_gold(doc)
    answers = _ls_answers(results[0])[:10]
    if answers:
        answers[-1] = "".join(ch for ch in answers[-1] if ch.isalpha())
    prec: float = 0
    for answer in answers:
        if answer in words:
            prec += freqs[words.index(answer.strip())]
    if sum(freqs) != 0:
        prec = prec / sum(freqs)
    return {"f1": (prec, 0 if not answers else 1, 0 if not words else 1)}


def aggregate_ls(items: Sequence[tuple[float, int, int]]) -> float:
    total = sum(p[0] for p in items)
    answered, annotated = sum(p[1] for p in items), sum(p[2] for p in items)
    prec = total / (answered or 1)
    rec = total / (annotated or 1)
    return (2 * prec * rec) / (prec + rec) if prec + rec != 0 else 0


# ------------------------------------------------------------------------------------------ NER

NO_ENT = "&&NOENT&&"
NER_LABELS = {"PER": 0, "LOC": 1, "ORG": 2, "O": 3}


def ner_doc_to_target(doc: Doc) -> str:
    if doc["entities"] == []:
        return NO_ENT
    return ",".join(f"{e['entity_text']}${e['type']}" for e in doc["entities"])


def _ner_answers(text: str) -> list[Any]:
    if NO_ENT in text:
        return []
    if text == "":
        return ["WRONG"]
    out = []
    for part in text.split(","):
        pieces = part.strip().split("$")
        entity, kind = pieces[0], pieces[1] if len(pieces) >= 2 else ""
        if entity != "":
            out.append((entity, kind.upper()))
    return out


def ner_process_results(doc: Doc, results: Sequence[str]) -> dict[str, Any]:
    """Per gold entity, its label when the model named it with its type, else "O"; answers beyond
    the number of gold entities are extra (gold O, predicted ORG) pairs; no entity on either side
    is one (O, O) pair."""
    gold = doc["entities"]
    answers = _ner_answers(results[0])
    gold_labels = [NER_LABELS[e["type"]] for e in gold]
    res_labels = [0] * len(gold_labels)
    if not answers and not gold:
        return {"f1": ([3], [3])}
    matched = set()
    for answer in answers:
        for i, entity in enumerate(gold):
            if answer[0] == entity["entity_text"] and answer[1] == entity["type"]:
                res_labels[i] = NER_LABELS[answer[1]]
                matched.add(i)
    if len(answers) > len(gold):
        extra = len(answers) - len(gold)
        gold_labels += [3] * extra
        res_labels += [2] * extra
    else:
        res_labels = [label if i in matched else 3 for i, label in enumerate(res_labels)]
    return {"f1": (res_labels, gold_labels)}


def aggregate_ner(items: Sequence[Sequence[Sequence[int]]]) -> float:
    """The mean F1 over every label but the last (the highest seen, "O" when it occurs)."""
    preds, golds = _concatenated(items)
    f1 = _f1_per_label(golds, preds)
    return sum(f1[:-1]) / (len(f1) - 1) if len(f1) > 1 else f1[0]


# -------------------------------------------------------------------------- relation extraction

NO_REL = "&&NOREL&&"


def re_doc_to_target(doc: Doc) -> str:
    if doc["relations"] == []:
        return NO_ENT  # lm-eval's target names no entity, not no relation
    return "%".join(f"{r[0]}${r[1]}" for r in doc["relations"])


def _relations(text: str) -> list[Any]:
    if NO_REL in text:
        return []
    if text == "":
        return ["WRONG"]  # as lm-eval: a string, whose letters W and R are compared as a pair
    out: list[Any] = []
    for part in text.split("%"):
        pieces = part.split("$")
        out.append((pieces[0].strip(), pieces[1].strip() if len(pieces) >= 2 else ""))
    return out


def re_process_results(doc: Doc, results: Sequence[str]) -> dict[str, Any]:
    """Per gold relation 1 when the model gave it (in any order), else 0; "no relation" right or
    wrong as one pair; surplus answers are (gold 0, predicted 1) pairs."""
    gold = doc["relations"]
    answered = NO_REL not in results[0]
    if not answered or not gold:
        golds = [1] * len(gold) if gold else [0]
        preds = [0] * len(golds) if (not answered and gold) else ([1] * len(golds) if answered else golds)
        return {"f1": (preds, golds)}
    answers = _relations(results[0])
    golds = [1] * len(gold)
    preds = [0] * len(gold)
    for i, relation in enumerate(gold):
        for j, answer in enumerate(answers):
            if answer[0] == relation[0] and answer[1] == relation[1]:
                preds[i] = 1
                answers[j] = ("DELETED", "DELETED")
    for i in range(max(0, len(answers) - len(gold))):
        if answers[i] == ("DELETED", "DELETED"):
            continue
        preds.append(1)
        golds.append(0)
    return {"f1": (preds, golds)}


def aggregate_rel(items: Sequence[Sequence[Sequence[int]]]) -> float:
    preds, golds = _concatenated(items)
    f1 = _f1_per_label(golds, preds)
    return sum(f1) / len(f1)


# ----------------------------------------------------------------------------------------- FAQ


def faq_doc_to_target(doc: Doc) -> int | None:
    return {"A": 0, "B": 1, "C": 2, "D": 3}.get(doc["correct_answer"])
