"""jfinqa: the prompt (pre-text, the table in Markdown, post-text, the question) and the scorer,
as lm-eval 0.4.13's helper (itself a copy of the ``jfinqa`` package's metrics): the answer after
``Answer:``/``回答：`` (else the last non-empty line), compared after NFKC normalisation
(``exact_match``) and as numbers within 1 % relative, units and kanji multipliers read
(``numerical_match``)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

TOLERANCE = 0.01
_ANSWER = re.compile(r"(?:Answer|answer|A|回答)\s*[:\uff1a]\s*(.+)")
_UNITS = ("百万円", "千円", "億円", "兆円", "円", "ドル", "ポイント", "pt", "bps")
_MULTIPLIERS = {"千": 1_000, "百万": 1_000_000, "億": 100_000_000, "兆": 1_000_000_000_000}


def doc_to_text(doc: dict[str, Any]) -> str:
    parts = []
    if doc.get("pre_text"):
        parts.append("\n".join(doc["pre_text"]))
    headers = doc.get("table_headers", [])
    if headers:
        lines = ["| " + " | ".join(str(h) for h in headers) + " |", "| " + " | ".join("---" for _ in headers) + " |"]
        lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in doc.get("table_rows", [])]
        parts.append("\n".join(lines))
    if doc.get("post_text"):
        parts.append("\n".join(doc["post_text"]))
    parts.append(f"Question: {doc.get('question', '')}\nAnswer:")
    return "\n\n".join(parts)


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    gold = doc.get("answer", "")
    predicted = extract_answer(results[0] if results else "")
    return {"exact_match": float(normalize(predicted) == normalize(gold)),
            "numerical_match": float(numerical_match(predicted, gold))}


def extract_answer(text: str) -> str:
    found = _ANSWER.search(text)
    if found:
        return found.group(1).strip()
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def normalize(text: str) -> str:
    """NFKC, a leading △/▲ as a minus, no thousands commas, no trailing した/しました, lower case."""
    s = unicodedata.normalize("NFKC", text.strip())
    s = re.sub(r"^[△▲]", "-", s)
    s = re.sub(r"(?<=\d),(?=\d)", "", s)
    for ending in ("しました", "した"):
        if s.endswith(ending):
            s = s.removesuffix(ending)
            break
    return s.lower().strip()


def parse_number(text: str) -> float | None:
    s = normalize(text)
    for unit in _UNITS:
        s = s.removesuffix(unit)
    for kanji, factor in _MULTIPLIERS.items():
        if kanji in s:
            digits = re.sub(r"[^\d.\-+]", "", s.replace(kanji, "").strip())
            try:
                return float(digits) * factor
            except ValueError:
                return None
    s = re.sub(r"[^\d.\-+]", "", s.removesuffix("%"))
    try:
        return float(s)
    except ValueError:
        return None


def numerical_match(predicted: str, gold: str, tolerance: float = TOLERANCE) -> bool:
    got, want = parse_number(predicted), parse_number(gold)
    if got is None or want is None:
        return normalize(predicted) == normalize(gold)
    if want == 0:
        return got == 0
    return abs(got - want) / abs(want) <= tolerance
