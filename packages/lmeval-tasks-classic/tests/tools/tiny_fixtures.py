"""Fixture rows of tinyBenchmarks' datasets (``tinyBenchmarks/tiny*``): the rows of the full
benchmarks' fixtures (``make_fixtures.py`` passes its row makers) plus the ``input_formatted``
column the tiny sets add; tinyMMLU and tinyTruthfulQA rows are written here."""

from __future__ import annotations

from collections.abc import Callable

Write = Callable[[str, "str | None", str, list[dict]], None]
Rows = Callable[..., list[dict]]


def _formatted(rows: list[dict], text: Callable[[dict], str]) -> list[dict]:
    return [{**row, "input_formatted": text(row)} for row in rows]


def mmlu(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        choices = [f"{i + j} kelvin" for j in range(4)]
        question = f"What is the boiling point in tiny question {i} ({split})?"
        formatted = (f"The following are multiple choice questions (with answers) about physics.\n\n"
                     f"{question}\n" + "".join(f"{'ABCD'[j]}. {c}\n" for j, c in enumerate(choices)) + "Answer:")
        rows.append({"question": question, "subject": "high_school_physics", "choices": choices,
                     "answer": (i + len(split)) % 4, "input_formatted": formatted})
    return rows


def truthfulqa(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        mc1 = [f"Nothing happens to seed {i}.", "You grow watermelons.", "You get sick."]
        mc2 = [f"Nothing happens to seed {i}.", "The seeds pass through you.", "You grow watermelons.",
               "You die."]
        rows.append({"question": f"What happens if you eat watermelon seed {i}?",
                     "mc1_targets": {"choices": mc1, "labels": [1, 0, 0]},
                     "mc2_targets": {"choices": mc2, "labels": [1, 1, 0, 0]},
                     "input_formatted": f"Q: What happens if you eat watermelon seed {i}?\nA:"})
    return rows


def write_all(write: Write, *, arc: Rows, hellaswag: Rows, gsm8k: Rows, winogrande: Rows) -> None:
    for split, n in (("train", 26), ("validation", 4), ("test", 5)):
        write("tinyBenchmarks/tinyAI2_arc", "ARC-Challenge", split,
              _formatted(arc("ARC-Challenge", split, n), lambda r: f"Question: {r['question']}\nAnswer:"))
    for split, n in (("train", 11), ("validation", 5)):
        write("tinyBenchmarks/tinyHellaswag", None, split,
              _formatted(hellaswag(split, n), lambda r: r["ctx"]))
    for split, n in (("train", 6), ("test", 5)):
        write("tinyBenchmarks/tinyGSM8k", "main", split,
              _formatted(gsm8k(split, n), lambda r: f"Question: {r['question']}\nAnswer:"))
    for split, n in (("train", 6), ("validation", 5)):
        write("tinyBenchmarks/tinyWinogrande", "winogrande_xl", split,
              _formatted(winogrande(split, n), lambda r: r["sentence"]))
    for split, n in (("dev", 5), ("test", 5)):
        write("tinyBenchmarks/tinyMMLU", "all", split, mmlu(split, n))
    write("tinyBenchmarks/tinyTruthfulQA", "multiple_choice", "validation", truthfulqa(5))
