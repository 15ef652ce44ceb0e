"""KorMedMCQA (``kormedmcqa_*``): answers that exercise its extraction cascade and exact match: a
bare letter, ``정답: X``, ``정답은 X 입니다``, a letter with a period among others, a lower-case letter
inside English text, several letters (the last wins), no letter at all, and the empty answer."""

from __future__ import annotations

KORMEDMCQA = (" A", "정답: C", " 정답은 B 입니다", " A. 아니고 D. 입니다", " I think it is e", " b or c",
              " 모르겠습니다", "", "\n정답：E")


def generations(text: str) -> tuple[str, ...] | None:
    if "정답：" in text:
        return KORMEDMCQA
    return None
