"""Fixtures of KBL (``lbox/kbl``), in its Hub schema (``python tests/tools/fixtures_kbl.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

from fixture_rows import N, dump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from kbl import BAR_YEARS, KNOWLEDGE, REASONING  # noqa: E402

REASONING_FIELDS = ["query_case_appellant", "query_case_fact", "query_case_claim", "query_case_judicial_opinion",
                    "retrieved_case_appellant", "retrieved_case_fact", "retrieved_case_claim",
                    "retrieved_case_judicial_opinion", "query", "facts_charged", "defendant_claim", "facts_accepted",
                    "cause", "effect", "statement1", "statement2"]


def kbl() -> None:
    for subject, years in BAR_YEARS.items():
        letters = "ABCD" if subject == "responsibility" else "ABCDE"
        for year in years:
            dump("lbox/kbl", f"bar_exam_{subject}_{year}", "test", [{
                "question": f"{subject} {year} 문제 {i}?", **{x: f"선택지 {x} {i}" for x in letters},
                "gt": letters[i % len(letters)]} for i in range(N)])
    for config, *_ in KNOWLEDGE.values():
        dump("lbox/kbl", config, "test", [{
            "question": f"지식 {config} {i}?", **{x: f"보기 {x} {i}" for x in "ABCDE"}, "label": "ABC"[i % 3]}
            for i in range(N)])
    for config, *_ in REASONING.values():
        dump("lbox/kbl", config, "test", [{
            "question": f"추론 {config} {i}?", **{f: f"{f} {i}" for f in REASONING_FIELDS}, "A": "관련 있음",
            "B": "관련 없음", "label": "AB"[i % 2]} for i in range(N)])


FAMILIES = [kbl]

if __name__ == "__main__":
    kbl()
