"""Fixture rows of SuperGLUE's cb, copa, multirc, record, rte and wic configs (``aps/super_glue``)
in their Hub columns; ``write_all(write)`` is called by ``make_fixtures.py`` (boolq and wsc.fixed
are written there). Invented text: COPA causes and effects, MultiRC questions with several answers
(grouped by ``idx.question``), ReCoRD passages with highlights and repeated entities."""

from __future__ import annotations

from collections.abc import Callable

Write = Callable[[str, "str | None", str, list[dict]], None]


def cb(split: str, n: int) -> list[dict]:
    return [{"premise": f"Mary said the bridge number {i} was closed. It is {split} season.",
             "hypothesis": f"bridge {i} was closed", "idx": i, "label": (i + len(split)) % 3}
            for i in range(n)]


def copa(split: str, n: int) -> list[dict]:
    return [{"premise": f"The glass number {i} fell off the table.", "choice1": f"It shattered into {i} pieces.",
             "choice2": "The cat was hungry.", "question": "effect" if i % 2 else "cause", "idx": i,
             "label": (i + len(split)) % 2} for i in range(n)]


def multirc(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        q = i // 3  # three answers per question
        rows.append({"paragraph": f"Sent 1: Tom ({split}) had {q + 2} apples. Sent 2: He ate one.",
                     "question": f"How many apples did Tom have left in story {q}?",
                     "answer": f"{q + 1 + i % 3} apples", "idx": {"paragraph": q // 2, "question": q, "answer": i % 3},
                     "label": int(i % 3 == 0)})
    return rows


def record(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        entities = ["Obama", "Paris", "White House", f"Team {i}", "Paris"]
        passage = (f"The president visited Paris on day {i}.\n@highlight\nObama met Team {i}"
                   f"\n@highlight\nThe White House said \"thanks!\"\n@highlight\nParis was sunny")
        answers = [["Paris"], ["Obama", "Obama"], [f"Team {i}", "Paris"], ["White House"]][(i + len(split)) % 4]
        rows.append({"passage": passage, "query": f"@placeholder hosted the summit number {i}.",
                     "entities": entities, "entity_spans": {"text": entities, "start": [0] * 5, "end": [1] * 5},
                     "answers": answers, "idx": {"passage": i // 2, "query": i}})
    return rows


def rte(split: str, n: int) -> list[dict]:
    return [{"premise": f"The company number {i} hired forty workers in {split}.",
             "hypothesis": f"Company {i} hired workers.", "idx": i, "label": (i + len(split)) % 2}
            for i in range(n)]


def wic(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        s1 = f"He sat on the bank of river {i}."
        start = s1.index("bank")
        rows.append({"word": "bank", "sentence1": s1, "sentence2": "She went to the bank to withdraw cash.",
                     "start1": start, "end1": start + 4, "start2": 16, "end2": 20, "idx": i,
                     "label": (i + len(split)) % 2})
    return rows


def write_all(write: Write) -> None:
    for split, n in (("train", 6), ("validation", 6)):
        for config, rows in (("cb", cb), ("copa", copa), ("multirc", multirc), ("record", record),
                             ("rte", rte), ("wic", wic)):
            write("aps/super_glue", config, split, rows(split, n))
