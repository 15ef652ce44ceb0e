"""Fixture rows for the math word-problem families (GSM8K Platinum, GSM-Plus, MathQA), each in
its hub dataset's schema. Rows are invented; each family has rows that exercise its edge cases
(a revised GSM8K label, a GSM-Plus question with no answer, MathQA options whose text holds
``", "`` or a trailing newline).
"""

from __future__ import annotations

from collections.abc import Callable

Write = Callable[[str, "str | None", str, "list[dict]"], None]
PERTURBATIONS = ["numerical substitution", "digit expansion", "problem understanding",
                 "distractor insertion", "critical thinking", "reversing operation",
                 "adding operation", "integer-decimal-fraction conversion"]


def gsm8k_platinum(n: int) -> list[dict]:
    rows = []
    for i in range(n):
        total = 3 * i + 4
        rows.append({
            "question": f"A baker makes {i + 1} trays of {3 if i else 4} rolls and {i + 1} more rolls. "
                        "How many rolls are there?",
            "answer": f"{i + 1} trays hold {3 * (i + 1)} rolls.\nWith {i + 1} more that is "
                      f"<<{3 * (i + 1)}+{i + 1}={total}>>{total}.\n#### {total:,}" if i != 2
                      else f"The baker has $1,{i}00 of rolls.\n#### 1,{i}00",
            "cleaning_status": "revised" if i % 3 == 1 else "consensus"})
    return rows


def gsm_plus(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        kind = PERTURBATIONS[i % len(PERTURBATIONS)]
        answer = "None" if kind == "critical thinking" else str(5 * i + 2)
        solution = (f"Sam reads {i + 1} books a week for 5 weeks: 5 * {i + 1} = {5 * (i + 1)}, "
                    f"less 3 is {5 * i + 2}.\n#### {answer}" if answer != "None"
                    else "The question does not say how many weeks Sam reads, so it cannot be answered.")
        rows.append({"question": f"Sam reads {i + 1} books a week ({split}). How many books after 5 weeks, "
                                 "less 3 he gives away?",
                     "solution": solution, "answer": answer, "perturbation_type": kind,
                     "seed_question": f"Sam reads {i + 1} books a week. How many after 5 weeks?",
                     "seed_solution": f"5 * {i + 1} = {5 * (i + 1)}\n#### {5 * (i + 1)}",
                     "seed_answer": str(5 * (i + 1))})
    return rows


def mathqa(split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        values = [f"{10 + i + j}" for j in range(4)]
        if i == 1:
            values[0] = "rs . 1 , 200"  # a ", " inside option a: it is cut there
        options = ", ".join(f"{letter} ) {v} " for letter, v in zip("abcd", values, strict=True))
        options += ", e ) none of these" + ("\n" if i == 2 else "")
        rows.append({"Problem": f"a train ( {split} {i} ) covers {12 + i} km in {i + 1} hours . "
                                "find its speed ?",
                     "Rationale": f"\"speed = {12 + i} / {i + 1} . answer : {'abcde'[i % 5]}\"",
                     "options": options, "correct": "abcde"[i % 5],
                     "annotated_formula": f"divide({12 + i}, {i + 1})",
                     "linear_formula": "divide(n0,n1)|", "category": ["physics", "gain", "general"][i % 3]})
    return rows


def write_all(write: Write) -> None:
    write("madrylab/gsm8k-platinum", "main", "test", gsm8k_platinum(8))
    write("qintongli/GSM-Plus", None, "test", gsm_plus("test", 9))
    write("qintongli/GSM-Plus", None, "testmini", gsm_plus("testmini", 7))
    for split, n in (("train", 6), ("validation", 3), ("test", 4)):
        write("regisss/math_qa", None, split, mathqa(split, n))
