"""Fixtures of HRM8K (``HAERAE-HUB/HRM8K``), in its Hub schema (``python tests/tools/fixtures_hrm8k.py``):
integer and decimal answers (a float column)."""

from __future__ import annotations

from fixture_rows import N, dump


def hrm8k() -> None:
    answers = [3.0, 0.5, 12.0]
    for config in ("GSM8K", "KSM", "MATH", "MMMLU", "OMNI_MATH"):
        dump("HAERAE-HUB/HRM8K", config, "test", [{
            "question": f"  {config} 문제 {i}: 사과가 몇 개인가? ", "original": f" {config} question {i}: how many apples? ",
            "answer": answers[i % 3], "solution": "", "category": config} for i in range(N)])


FAMILIES = [hrm8k]

if __name__ == "__main__":
    hrm8k()
