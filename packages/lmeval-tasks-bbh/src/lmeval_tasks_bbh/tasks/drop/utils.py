"""DROP (Dua et al., 2019): gold answers and the official exact-match and F1, as lm-eval 0.4.13
computes them.

A gold answer is a number, a date or a list of spans; every distinct one (the answer and the
validated answers) counts and the best score wins. Text is normalised per token (lower case,
punctuation dropped unless the token is a number, numbers as floats, articles dropped). F1
aligns predicted and gold spans one to one (an optimal assignment; a gold with numbers only
matches a prediction sharing one), averages over the larger side, rounded to two decimals as
numpy rounds.
"""

from __future__ import annotations

import re
import string
from typing import Any

_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_PUNCTUATION = set(string.punctuation)


# --- documents ---------------------------------------------------------------------------------

def _answer_tuple(answer: dict) -> tuple[str, ...]:
    if answer["number"] != "":
        return (str(answer["number"]),)
    if answer["spans"] != []:
        return tuple(answer["spans"])
    date = answer["date"]
    return (" ".join([date["day"], date["month"], date["year"]]).strip(),)


def gold_answers(doc: dict) -> list[tuple[str, ...]]:
    """The answer, then each validated answer, without repeats."""
    validated = doc["validated_answers"]
    candidates = [doc["answer"]] + [
        {"number": validated["number"][i], "date": validated["date"][i], "spans": validated["spans"][i]}
        for i in range(len(validated["number"]))]
    out: list[tuple[str, ...]] = []
    for candidate in candidates:
        answer = _answer_tuple(candidate)
        if answer not in out:
            out.append(answer)
    return out


def process_docs(dataset: Any) -> Any:
    return dataset.map(lambda doc: {"id": doc["query_id"], "passage": doc["passage"],
                                    "question": doc["question"], "answers": gold_answers(doc)})


# --- normalisation -----------------------------------------------------------------------------

def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _normalise_token(token: str) -> str:
    token = token.lower()
    if not _is_number(token):
        token = "".join(ch for ch in token if ch not in _PUNCTUATION)
    if _is_number(token):
        token = str(float(token))
    return " ".join(_ARTICLES.sub(" ", token).split())


def normalise(answer: str) -> str:
    tokens = [_normalise_token(t) for t in re.split(" |-", answer)]
    return " ".join(t for t in tokens if t.strip()).strip()


def _bags(answer: str | list[str] | tuple[str, ...]) -> tuple[list[str], list[set[str]]]:
    spans = list(answer) if isinstance(answer, (list, tuple)) else [answer]
    normalised = [normalise(s) for s in spans]
    return normalised, [set(s.split()) for s in normalised]


# --- scores ------------------------------------------------------------------------------------

def _f1(predicted: set[str], gold: set[str]) -> float:
    common = len(gold & predicted)
    precision = 1.0 if not predicted else common / float(len(predicted))
    recall = 1.0 if not gold else common / float(len(gold))
    if precision == 0.0 and recall == 0.0:
        return 0.0
    return (2 * precision * recall) / (precision + recall)


def _numbers_agree(gold: set[str], predicted: set[str]) -> bool:
    gold_numbers = {w for w in gold if _is_number(w)}
    return not gold_numbers or bool(gold_numbers & {w for w in predicted if _is_number(w)})


def _best_assignment(scores: list[list[float]]) -> list[tuple[int, int]]:
    """A maximum-weight one-to-one matching of rows to columns (exact, by dynamic programming
    over subsets of the smaller side; DROP has a handful of spans)."""
    rows, cols = len(scores), len(scores[0]) if scores else 0
    transpose = cols > rows
    matrix = [list(r) for r in zip(*scores, strict=True)] if transpose else scores
    n, m = len(matrix), len(matrix[0]) if matrix else 0  # n >= m: every column gets a row
    best: dict[int, tuple[float, list[tuple[int, int]]]] = {0: (0.0, [])}
    for r in range(n):
        nxt = dict(best)
        for used, (value, pairs) in best.items():
            for c in range(m):
                if not used & (1 << c):
                    key, cand = used | (1 << c), value + matrix[r][c]
                    if key not in nxt or cand > nxt[key][0]:
                        nxt[key] = (cand, [*pairs, (r, c)])
        best = nxt
    pairs = best.get((1 << m) - 1, (0.0, []))[1]
    return [(c, r) for r, c in pairs] if transpose else pairs


def _align(predicted: list[set[str]], gold: list[set[str]]) -> list[float]:
    scores = [[_f1(p, g) if _numbers_agree(g, p) else 0.0 for p in predicted] for g in gold]
    best = [0.0] * max(len(gold), len(predicted))
    for row, col in _best_assignment(scores):
        best[row] = max(best[row], scores[row][col])
    return best


def _round2(value: float) -> float:
    """``round(numpy.float64, 2)``: scale, round half to even, unscale."""
    return round(value * 100) / 100


def get_metrics(predicted: str | list[str], gold: tuple[str, ...] | list[str]) -> tuple[float, float]:
    """Exact match of the normalised span sets, and the aligned F1."""
    pred_spans, pred_bags = _bags(predicted)
    gold_spans, gold_bags = _bags(gold)
    em = 1.0 if set(pred_spans) == set(gold_spans) and len(pred_spans) == len(gold_spans) else 0.0
    per_bag = _align(pred_bags, gold_bags)
    return em, _round2(sum(per_bag) / len(per_bag))


def process_results(doc: dict, results: list[str]) -> dict[str, float]:
    em = f1 = 0.0
    for gold in doc["answers"]:
        e, f = get_metrics(results, gold)
        if gold[0].strip():
            em, f1 = max(em, e), max(f1, f)
    return {"em": em, "f1": f1}
