"""KMMLU-HARD chain of thought (``kmmlu_cot_hard_*``): answers for its ``get-answer`` filter (the
letter between ``정답은`` and ``입니다.``): bracketed, bare, lower case (missed), none, a second
question (cut at ``질문:``) and nothing."""

from __future__ import annotations

KMMLU_COT = (" 보기를 살펴보면, 따라서, 정답은 (B) 입니다.", " 정답은 C입니다.", " 정답은 (d) 입니다.", " 모르겠습니다.",
             " 정답은 (A) 입니다.\n\n질문: 다음 문제", "")


def generations(text: str) -> tuple[str, ...] | None:
    if "\\n정답: 차근 차근 생각해봅시다." in text or "\n정답: 차근 차근 생각해봅시다." in text:
        return KMMLU_COT
    return None
