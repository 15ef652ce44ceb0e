"""Golden cases of GPQA, MMLU-Pro, MuSR and the leaderboard's BBH: every task at its default
shot count, a few at other counts, and model answers for the extraction filters."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

import gpqa  # noqa: E402
import leaderboard_bbh  # noqa: E402
import mmlu_pro  # noqa: E402
import musr  # noqa: E402

TASKS = gpqa.task_names() + mmlu_pro.task_names() + musr.task_names() + leaderboard_bbh.task_names()
CASES: list[str | tuple[str, int | None]] = TASKS + [
    ("gpqa_main_n_shot", 2), ("gpqa_diamond_cot_n_shot", 1), ("gpqa_extended_generative_n_shot", 3),
    ("mmlu_pro_law", 2), ("leaderboard_bbh_navigate", 1), ("leaderboard_mmlu_pro", 0),
]
#: the generated tasks whose filters are checked on two documents
FILTER_TASKS = [t for t in gpqa.task_names() if "cot" in t or "generative" in t] + [
    "mmlu_pro_biology", "mmlu_pro_computer_science"]

GENERIC_ANSWERS = [
    "", " The answer is (B).", " The answer is B.", " the answer is (c).", " answer is (D)",
    " So the answer is (J).", " The answer is: E", " I think (A), no, (C).", " (a)", " B",
    " The answer is (B) because (A) fails.", " The answer is", " Answer: D", " answer is j",
]


def answers_for(doc: dict) -> list[str]:
    """Generic answers plus the document's own options quoted (``multi_choice_regex`` matches them)."""
    out = list(GENERIC_ANSWERS)
    options = doc.get("choices") or doc.get("options") or []
    for option in options[:2]:
        out.append(f" It is {option}.")
        out.append(f" {option.strip().upper()}")
    out.append(f" The answer is {doc.get('answer', '')}.")
    words = re.findall(r"\w+", str(doc.get("question") or doc.get("Question") or ""))[:2]
    out.append(" " + " ".join(words))
    return out
