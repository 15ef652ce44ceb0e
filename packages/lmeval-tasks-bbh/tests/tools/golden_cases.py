"""Golden cases of the BBH pack: every task at its default shot count, and model answers to run
through every task's answer-extraction filters and exact match."""

from __future__ import annotations

import re
from pathlib import Path

TASKS_DIR = Path(__file__).resolve().parents[2] / "src" / "lmeval_tasks_bbh" / "tasks"


def pack_tasks() -> list[str]:
    names = []
    for path in sorted((TASKS_DIR / "bbh").rglob("*.yaml")):  # BBH only: the other families have their own goldens
        m = re.search(r"^task: (\S+)$", path.read_text(encoding="utf-8"), re.M)
        if m:
            names.append(m.group(1))
    return names


CASES: list[tuple[str, int | None]] = [(name, None) for name in pack_tasks()] + [
    ("bbh_fewshot_snarks", 1), ("bbh_cot_fewshot_word_sorting", 2), ("bbh_zeroshot_navigate", 2),
]

GENERIC_ANSWERS = [
    "", " The answer is (B).", " So the answer is True.", " False, because not True.",
    " Let's see. (A) is wrong, so the answer is (C).", " I pick: B", " no, that is not plausible.",
    " Yes, the answer is yes.", " the answer is valid.", " It is invalid.", " twenty three",
    " So the answer is -12.", " There are three hundred and five.", " ] ) >", " } ] >.",
    " apple mango zebra", " The final answer: No.", " Ben tells the truth.",
    " Ben does not tell the truth.", " the answer is plausible.\n\nQ: next",
]


def answers_for(doc: dict) -> list[str]:
    """Generic answers plus ones built from the document (its target, its options, its words)."""
    out = list(GENERIC_ANSWERS) + [doc["target"], f" {doc['target']}.", f"So the answer is {doc['target']}."]
    options = re.findall(r"\([A-Z]\)([^\n^(]*)", doc["input"])
    if options:
        out.append(f" I think it is {options[-1].strip()}.")
        out.append(f" {options[0].strip().upper()}!")
    if "List:" in doc["input"]:
        words = doc["input"].split("List:")[1].split()
        out.append(" so: " + " ".join(reversed(words)) + " and " + words[0])
    return out
