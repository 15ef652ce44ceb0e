"""Fixtures of XQuAD, MLQA and TyDiQA-GoldP (called by make_fixtures.py), in the Hub schemas
(SQuAD-style ``answers: {text, answer_start}``). Each context quotes its answer between « and »,
which benchmarks/scripted/extractive_qa.py reads to answer right, nearly right and wrong."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from extractive_qa import MLQA, TYDIQA, XQUAD  # noqa: E402
from fixture_rows import N, dump  # noqa: E402

#: answers that exercise each normalization: articles, punctuation, Han characters, Arabic al-
ANSWERS = ["the Red Tree", "el río, grande", "北京大学", "الكتاب الأحمر", "der alte Mann", "Hà Nội"]


def _row(tag: str, i: int, **extra: Any) -> dict[str, Any]:
    answer = ANSWERS[(i + len(tag)) % len(ANSWERS)]
    context = f"Passage {tag} {i}. It speaks of «{answer}» at length."
    return {"id": f"{tag}-{i}", "context": context, "question": f"What does passage {tag} {i} speak of?",
            "answers": {"text": [answer, answer.split()[-1]][: 1 + i % 2],
                        "answer_start": [context.index(answer), context.index(answer.split()[-1])][: 1 + i % 2]},
            **extra}


def xquad() -> None:
    for lang in XQUAD:
        dump("google/xquad", f"xquad.{lang}", "validation", [_row(f"xquad-{lang}", i) for i in range(N)])


def mlqa() -> None:
    for context in MLQA:
        for question in MLQA:
            for split in ("validation", "test"):
                dump("facebook/mlqa", f"mlqa.{context}.{question}", split,
                     [_row(f"mlqa-{context}-{question}-{split}", i) for i in range(N)])


def tydiqa() -> None:
    for split in ("train", "validation"):
        rows = []
        for language, _ in TYDIQA.values():
            rows += [_row(language, i, title=f"Title {language} {i}") for i in range(N)]
            rows[-1]["id"] = f"{language}-{split}-last"
        dump("google-research-datasets/tydiqa", "secondary_task", split, rows)


FAMILIES = [xquad, mlqa, tydiqa]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
