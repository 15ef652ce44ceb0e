"""Write the offline mirror rows of GPQA, MMLU-Pro, MuSR and BBH (``tests/fixtures/datasets``).

Each dataset in its Hub schema and layout (``<owner>/<name>/<config or default>/<split>.jsonl``):

* ``Idavidrein/gpqa/gpqa_{main,diamond,extended}/train.jsonl`` (``Question``, ``Correct Answer``,
  ``Incorrect Answer 1..3`` and a few of the other columns), answers with `` [title]``, bracketed
  references and double spaces for the cleaning steps to work on;
* ``TIGER-Lab/MMLU-Pro/default/{validation,test}.jsonl`` (five validation examples with their
  chain of thought per category, five test questions per category, 3 to 10 options);
* ``TAUR-Lab/MuSR/default/<split>.jsonl`` (``choices`` a Python list literal, as on the Hub);
* ``SaylorTwift/bbh/<subtask>/test.jsonl`` for the 24 subtasks of ``leaderboard_bbh``.

The rows are invented; run ``python tests/tools/make_qa_fixtures.py`` from the pack to rewrite them.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parents[1] / "generate"))

from leaderboard_bbh import CHOICES  # noqa: E402
from mmlu_pro import SUBJECTS  # noqa: E402


def write_rows(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def gpqa_rows(config: str, n: int) -> list[dict]:
    domains = [("Physics", "Quantum Mechanics"), ("Chemistry", "Organic Chemistry"), ("Biology", "Genetics")]
    rows = []
    for i in range(n):
        domain, sub = domains[i % 3]
        correct = [f"{i + 2} eV", f" The  compound {config} {i} [title] forms a ring ", f"Option [ref {i}] kept",
                   f"{i}.5 m/s"][i % 4]
        wrong = [f"{i + 3} eV", f"Wrong answer {i}a", f"Another  wrong [note] {i}", f"{i} mol"]
        if config == "gpqa_extended" and i == 2:
            wrong[1] = correct + "  "  # cleans to the correct answer: the first equal one is the gold
        rows.append({
            "Question": f"{domain} question {i} of {config}: which value fits the setup [{i}]?  Explain.",
            "Correct Answer": correct, "Incorrect Answer 1": wrong[0], "Incorrect Answer 2": wrong[1],
            "Incorrect Answer 3": wrong[2 + i % 2], "Explanation": f"Because of reason {i}.",
            "Record ID": f"rec{config[-4:]}{i:03d}", "High-level domain": domain, "Subdomain": sub,
        })
    return rows


def mmlu_pro_rows() -> tuple[list[dict], list[dict]]:
    letters = "ABCDEFGHIJ"
    validation, test = [], []
    qid = 0
    for s, category in enumerate(SUBJECTS.values()):
        for i in range(5):
            count = 10 if i % 3 else 4 + i
            options = [f"{category} option {k} of {i}" + (" " if k == 1 else "") for k in range(count)]
            gold = (s + i) % count
            validation.append({
                "question_id": qid, "question": f"Example {i} about {category}: what holds?",
                "options": options, "answer": letters[gold], "answer_index": gold,
                "cot_content": f"A: Let's think step by step. Consider {category} fact {i}. "
                               f"The answer is ({letters[gold]}).",
                "category": category, "src": f"cot_lib-{category.replace(' ', '_')}"})
            qid += 1
    for s, category in enumerate(SUBJECTS.values()):
        for i in range(5):
            count = [10, 4, 10, 3, 7][i]
            options = [f" {category} answer {k} to {i}" for k in range(count)]
            gold = (2 * s + i) % count
            test.append({
                "question_id": qid, "question": f"Question {i} in {category}:\nwhich is right?",
                "options": options, "answer": letters[gold], "answer_index": gold, "cot_content": "",
                "category": category, "src": f"ori_mmlu-{category.replace(' ', '_')}"})
            qid += 1
    return validation, test


def musr_rows(split: str) -> list[dict]:
    people = [["Mackenzie", "Ana"], ["Tom", "Lena", "Ivy"], ["the kitchen", "the shelf", "the drawer"]]
    questions = {"murder_mysteries": "Who is the most likely murderer?",
                 "object_placements": "Which location is the most likely place Ana would look to find the keys?",
                 "team_allocation": "Given the story, how would you uniquely allocate each person?"}
    rows = []
    for i in range(6):
        choices = people[i % 3]
        gold = i % len(choices)
        rows.append({"narrative": f"Story {i} of {split}.\n\nIt was late; {choices[0]} said: \"I'm here.\" "
                                  f"Then {choices[-1]} left.",
                     "question": questions[split], "choices": repr(choices),
                     "answer_index": gold, "answer_choice": choices[gold]})
    return rows


def bbh_rows(subtask: str, choices: list[str]) -> list[dict]:
    rows = []
    for i in range(5):
        target = choices[(3 * i + len(subtask)) % len(choices)]
        options = ""
        if choices[0].startswith("("):
            options = "\nOptions:\n" + "\n".join(f"{c} {subtask.replace('_', ' ')} pick {k}"
                                                 for k, c in enumerate(choices))
        rows.append({"input": f"Question {i} of {subtask.replace('_', ' ')}?{options}", "target": target})
    return rows


def main() -> None:
    for config, n in (("gpqa_main", 8), ("gpqa_diamond", 6), ("gpqa_extended", 7)):
        write_rows(MIRROR / "Idavidrein" / "gpqa" / config / "train.jsonl", gpqa_rows(config, n))
    validation, test = mmlu_pro_rows()
    write_rows(MIRROR / "TIGER-Lab" / "MMLU-Pro" / "default" / "validation.jsonl", validation)
    write_rows(MIRROR / "TIGER-Lab" / "MMLU-Pro" / "default" / "test.jsonl", test)
    for split in ("murder_mysteries", "object_placements", "team_allocation"):
        write_rows(MIRROR / "TAUR-Lab" / "MuSR" / "default" / f"{split}.jsonl", musr_rows(split))
    shutil.rmtree(MIRROR / "SaylorTwift" / "bbh", ignore_errors=True)
    for subtask, choices in CHOICES.items():
        write_rows(MIRROR / "SaylorTwift" / "bbh" / subtask / "test.jsonl", bbh_rows(subtask, choices))


if __name__ == "__main__":
    main()
