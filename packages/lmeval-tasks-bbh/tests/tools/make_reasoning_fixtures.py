"""Write the offline mirror of the pack's non-BBH datasets (``tests/fixtures/datasets/<hub id>/
<config or default>/<split>.jsonl``): invented rows in each dataset's schema.

* ``hails/bigbench``: every subtask's ``<name>_zero_shot`` config, split ``default`` (columns
  ``idx``, ``inputs``, ``targets``, ``multiple_choice_targets``, ``multiple_choice_scores``);
  subtasks with choices also hold a free-form row (dropped by the multiple-choice variant), and
  targets carry punctuation (ignored by exact match).
* the AIME sets (``gneubig/aime-1983-2024``, ``Maxwell-Jia/AIME_2024``, ``math-ai/aime25``) in
  their own column names, integer or string answers.
* ``EleutherAI/drop`` (train, validation): number, multi-span and date answers, validated
  answers repeating or adding to them.
* ``EleutherAI/coqa`` (train without, validation with ``additional_answers``): conversations of
  one to four turns.
* ``EleutherAI/arithmetic``'s ``data/<file>.jsonl`` (the tasks read them as ``hf://`` data
  files; lmeval and the parity benchmark take them from the mirror at that path).
* ``hails/agieval-<exam>``: split ``test``; ``query``, ``choices``, ``gold`` (a list: some exams
  have several right options) or, for the two cloze exams, ``query`` and ``answer`` (LaTeX).

Each dataset's folder is replaced; other folders (``SaylorTwift/bbh``: ``make_fixtures.py``) stay.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

HERE = Path(__file__).resolve().parent
MIRROR = HERE.parent / "fixtures" / "datasets"
GENERATE = HERE.parents[1] / "generate"


def _generator(name: str):
    spec = importlib.util.spec_from_file_location(f"lmeval_tasks_bbh_generate_{name}", GENERATE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(GENERATE))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(GENERATE))
    return module


def write(dataset: str, config: str, split: str, rows: list[dict]) -> None:
    path = MIRROR / dataset / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def bigbench_rows(name: str, with_choices: bool, by_score: bool) -> list[dict]:
    rows = []
    for i in range(4):
        question = f"Q: ({name}) What comes after {i + 1}, in words?\n  A:"
        answers = ["two", "three", "four", "five"]
        if with_choices and i != 1:
            choices = [f"{answers[i]}", f"{answers[(i + 1) % 4]}", "Paris", "none of these"]
            gold = (i * 2 + len(name)) % len(choices)
            target = f"Yes. {choices[gold]} follows." if by_score else choices[gold]
            rows.append({"idx": i, "inputs": question, "targets": [target, answers[i].upper()],
                         "multiple_choice_targets": choices,
                         "multiple_choice_scores": [int(j == gold) for j in range(len(choices))]})
        else:  # free form: no choices
            target = ["42.", "Paris!", answers[i], "5"][(i + len(name)) % 4]
            rows.append({"idx": i, "inputs": question, "targets": [target, f"{target} "],
                         "multiple_choice_targets": [], "multiple_choice_scores": []})
    return rows


def bigbench() -> None:
    gen = _generator("bigbench")
    shutil.rmtree(MIRROR / "hails" / "bigbench", ignore_errors=True)
    for name in gen.SUBTASKS:
        rows = bigbench_rows(name, name not in gen.NO_CHOICES, name in gen.GOLD_BY_SCORE)
        write("hails/bigbench", f"{name}_zero_shot", "default", rows)


CLOZE_ANSWERS = ["\\frac{1}{2}", "5", "2\\sqrt{3}", "x=7", "0.5"]


def agieval_rows(exam: str, cloze: bool) -> list[dict]:
    rows = []
    chinese = exam.startswith(("gaokao", "jec", "logiqa_zh"))
    for i in range(4):
        if cloze:
            answer = CLOZE_ANSWERS[(i + len(exam)) % len(CLOZE_ANSWERS)]
            rows.append({"query": f"问题：{exam} {i}：求值。\n答案：" if chinese else
                         f"Q: ({exam}) Compute item {i}.\nA: The answer is",
                         "choices": None, "gold": None, "answer": answer})
            continue
        options = [f"({letter}){value}" for letter, value in zip("ABCD", ["12", "fifteen", "3/4", "an apple"], strict=True)]
        gold = [(i + len(exam)) % 4] if i != 2 else [0, 3]
        rows.append({"query": (f"问题：{exam} 第{i}题。 选项：" if chinese else f"Q: ({exam}) Question {i}. Answer Choices: ")
                     + " ".join(options) + ("\n答案：从A到D, 我们应选择" if chinese else "\nA: Among A through D, the answer is"),
                     "choices": options, "gold": gold})
    return rows


def agieval() -> None:
    gen = _generator("agieval")
    for name, dataset in gen.EXAMS.items():
        shutil.rmtree(MIRROR / "hails" / f"agieval-{dataset}", ignore_errors=True)
        write(f"hails/agieval-{dataset}", "default", "test", agieval_rows(name, name in gen.CLOZE))


def aime() -> None:
    gen = _generator("aime")
    for task, (dataset, split, problem, answer) in gen.TASKS.items():
        shutil.rmtree(MIRROR / dataset, ignore_errors=True)
        rows = []
        for i in range(4):
            row = {"ID": f"{2000 + i}-I-{i + 1}", problem: f"({task}) Find the remainder when $7^{{{i + 2}}}$ is divided by 1000.",
                   answer: ["5", "042", "\\frac{7}{1}", "0.5"][i] if task == "aime25" else [5, 42, 7, 500][i]}
            if task == "aime":
                row.update({"Year": 2000 + i, "Problem Number": i + 1, "Part": "I"})
            elif task == "aime24":
                row["Solution"] = "By Fermat's little theorem ..."
            rows.append(row)
        write(dataset, "default", split, rows)


def _drop_answer(number: str = "", spans: list[str] | None = None, date: tuple[str, str, str] = ("", "", "")) -> dict:
    return {"number": number, "date": {"day": date[0], "month": date[1], "year": date[2]},
            "spans": spans or [], "worker_id": "w", "hit_id": "h"}


def drop_rows(split: str) -> list[dict]:
    golds = [
        (_drop_answer("42"), [_drop_answer("42"), _drop_answer("41")]),
        (_drop_answer(spans=["Paris", "London"]), [_drop_answer(spans=["London", "Paris"])]),
        (_drop_answer(date=("5", "May", "1999")), [_drop_answer(date=("", "May", "1999"))]),
        (_drop_answer(spans=["the answer is 5"]), []),
        (_drop_answer(spans=["Paris"]), [_drop_answer("5"), _drop_answer(spans=["Paris"])]),
    ]
    rows = []
    for i, (answer, validated) in enumerate(golds):
        rows.append({
            "section_id": f"{split}_s{i // 2}", "query_id": f"{split}_q{i}",
            "passage": f"In {1990 + i} the team scored 42 points in Paris and 5 in London, on 5 May 1999.",
            "question": ["How many points?", "Which cities?", "When?", "What is the answer?", "Where?"][i],
            "answer": answer,
            "validated_answers": {k: [v[k] for v in validated] for k in ("number", "date", "spans", "worker_id", "hit_id")},
        })
    return rows if split == "validation" else rows[:4]


def coqa_rows(split: str) -> list[dict]:
    turns = [("What did the cat eat?", "a fish", ["fish", "A fish.", "the fish"]),
             ("Where?", "in Paris", ["Paris", "in paris", "at the river"]),
             ("How many?", "42", ["forty-two", "42", "42"]),
             ("Was it happy?", "yes", ["yes", "Yes", "no"])]
    rows = []
    for i in range(4):
        n = i + 1 if split == "validation" else 2
        row = {"source": "mctest", "story": f"Story {i}: the cat ate a fish in Paris, 42 times. It was happy.",
               "questions": {"input_text": [t[0] for t in turns[:n]], "turn_id": list(range(1, n + 1))},
               "answers": {"span_start": [0] * n, "span_end": [5] * n, "span_text": [t[1] for t in turns[:n]],
                           "input_text": [t[1] for t in turns[:n]], "turn_id": list(range(1, n + 1))}}
        if split == "validation":
            row["additional_answers"] = {str(k): {"span_start": [0] * n, "span_end": [5] * n,
                                                  "span_text": [t[2][k] for t in turns[:n]],
                                                  "input_text": [t[2][k] for t in turns[:n]],
                                                  "turn_id": list(range(1, n + 1))} for k in range(3)}
        rows.append(row)
    return rows


def reading() -> None:
    for dataset, make in (("EleutherAI/drop", drop_rows), ("EleutherAI/coqa", coqa_rows)):
        shutil.rmtree(MIRROR / dataset, ignore_errors=True)
        for split in ("train", "validation"):
            write(dataset, "default", split, make(split))


def arithmetic() -> None:
    gen = _generator("arithmetic")
    folder = MIRROR / "EleutherAI" / "arithmetic" / "data"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for suffix, stem in gen.FILES.items():
        digits = int(suffix[0])
        rows = []
        for i in range(4):
            a, b = 10 ** (digits - 1) + 7 * i + 3, 10 ** (digits - 1) + 5 * i + 1
            op, value = {"a": ("plus", a + b), "s": ("minus", a - b), "m": ("times", a * b)}.get(suffix[-1], ("plus", a + b))
            question = f"What is ({i} + {i + 1}) * {i + 2}?" if suffix == "1dc" else f"What is {a} {op} {b}?"
            answer = (2 * i + 1) * (i + 2) if suffix == "1dc" else value
            rows.append({"context": f"\n\nQ: {question}\n\nA:", "completion": f" {answer}"})
        (folder / f"{stem}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def main() -> None:
    arithmetic()
    bigbench()
    agieval()
    aime()
    reading()


if __name__ == "__main__":
    main()
