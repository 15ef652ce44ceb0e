"""Write the offline mirror (``tests/fixtures/datasets``): a few short made-up documents per
dataset config and split, in each dataset's Hub schema::

    .venv/bin/python packages/lmeval-tasks-medical/tests/tools/make_fixtures.py
"""

from __future__ import annotations

import json
from pathlib import Path

MIRROR = Path(__file__).resolve().parents[1] / "fixtures" / "datasets"
LETTERS = "ABCD"


def write(dataset: str, config: str, split: str, rows: list[dict]) -> None:
    path = MIRROR / dataset / config / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def med_concepts() -> None:
    for vocab in ("icd9cm", "icd10cm", "icd9proc", "icd10proc", "atc"):
        for level in ("easy", "medium", "hard"):
            for split, n in (("dev", 5), ("test", 4)):
                rows = []
                for i in range(n):
                    options = [f"{vocab} concept {level} {split} {i}-{k}" for k in range(4)]
                    gold = (i + len(level)) % 4
                    question = (f"What is the description of the medical code {vocab.upper()}-{i}{k_code(level)} "
                                f"in {vocab.upper()}?\n" + "\n".join(f"{LETTERS[k]}. {o}" for k, o in enumerate(options)))
                    rows.append({"question_id": i, "answer": options[gold], "answer_id": LETTERS[gold],
                                 "option1": options[0], "option2": options[1], "option3": options[2],
                                 "option4": options[3], "question": question, "vocab": vocab.upper(),
                                 "level": level})
                write("ofir408/MedConceptsQA", f"{vocab}_{level}", split, rows)


def k_code(level: str) -> str:
    return {"easy": "1", "medium": "22", "hard": "333"}[level]


def headqa() -> None:
    topics = {"en": ["Which enzyme digests starch?", "Where is insulin produced?", "What does the femur support?",
                     "Which vitamin prevents scurvy?"],
              "es": ["¿Qué enzima digiere el almidón?", "¿Dónde se produce la insulina?",
                     "¿Qué sostiene el fémur?", "¿Qué vitamina previene el escorbuto?"]}
    for lang, questions in topics.items():
        for split in ("train", "validation", "test"):
            rows = []
            for i, q in enumerate(questions):
                answers = [{"aid": k + 1, "atext": f"{lang} option {k + 1} for {split} {i}"} for k in range(4 + i % 2)]
                rows.append({"name": f"Cuaderno_2013_1_{lang}", "year": "2013", "category": "biology",
                             "qid": i + 1, "qtext": q, "ra": 1 + (i * 3 + len(split)) % len(answers),
                             "image": "", "answers": answers})
            write("EleutherAI/headqa", lang, split, rows)


def glianorex() -> None:
    rows = []
    for i, lang in enumerate(("en", "fr", "en", "fr", "en", "fr")):
        options = {k: f"{'option' if lang == 'en' else 'choix'} {k} of glianorex item {i}" for k in LETTERS}
        question = (f"Which hormone does the glianorex secrete in case {i}?" if lang == "en"
                    else f"Quelle hormone la glianorex sécrète-t-elle dans le cas {i} ?")
        rows.append({"question": question, "answer": options[LETTERS[i % 4]], "options": options,
                     "answer_idx": LETTERS[i % 4], "language": lang, "explanation": f"because {i}"})
    write("maximegmd/glianorex", "default", "test", rows)


def kormedmcqa() -> None:
    for subject in ("doctor", "nurse", "pharm", "dentist"):
        for split, n in (("fewshot", 5), ("test", 3 + len(subject) % 3), ("train", 2), ("dev", 2)):
            rows = []
            for i in range(n):
                rows.append({"subject": subject, "year": 2023, "period": 1, "q_number": i + 1,
                             "question": f"  {subject} 질문 {split} {i}: 다음 중 옳은 것은? ",
                             **{k: f"{subject} 보기 {k}{i}" for k in "ABCDE"},
                             "answer": 1 + (i + n) % 5, "cot": ""})
            write("sean0042/KorMedMCQA", subject, split, rows)


def main() -> None:
    med_concepts()
    headqa()
    glianorex()
    kormedmcqa()


if __name__ == "__main__":
    main()
