"""jfinqa (``jfinqa_*``): answers for its reader and both scores: a bare percentage, an
``Answer:``/``回答：`` line, a triangle minus, kanji multipliers and units, a verb ending the
normaliser strips, thousands commas, a wrong number, and nothing."""

from __future__ import annotations

JFINQA = (" 12.5%", " Answer: 1,234百万円", " 回答：△500", " 増加しました", " 3億円", " 12.6 %",
          " 前年比で増加", " 0", " Answer: 1234", " 7.0", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "| --- |" in text and text.rstrip('"').endswith("\\nAnswer:") and "Question: " in text:
        return JFINQA
    return None
