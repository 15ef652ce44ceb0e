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


SYMPTOMS = ("a dry cough for two weeks", "headaches every morning", "a rash on both arms",
            "pain in the left knee after running", "trouble sleeping since a new job")


def open_answers() -> None:
    rows = [{"description": f"Q. I have had {s}. What should I do?",
             "utterances": {"speaker": ["patient", "doctor"],
                            "utterance": [f"I have had {s}.", f"Hi. For {s}, rest, drink water and see a GP if it lasts."]}}
            for s in SYMPTOMS]
    write("bigbio/meddialog", "default", "train", rows)
    for split in ("train", "validation", "test"):
        write("lighteval/med_dialog", "icliniq", split, [
            {"id": i, "src": f"Hello doctor, I am 34 and I have had {s}. Is it serious? ({split})",
             "tgt": f"Is {s} serious?"} for i, s in enumerate(SYMPTOMS[:4])])
    for split in ("train_live_qa_med", "validation", "test"):
        write("bigbio/mediqa_qa", "default", split, [
            {"QUESTION": {"QID": f"{split}-{i}", "QuestionText": f"What helps with {s}?",
                          "AnswerList": [{"Answer": {"AID": f"{i}_{k}", "SystemRank": k + 1, "ReferenceRank": k + 1,
                                                     "ReferenceScore": 4 - k, "AnswerURL": "https://example.org",
                                                     "AnswerText": f"Answer {k}: for {s}, rest and fluids." if k < 2 else ""}}
                                         for k in range(3)]}} for i, s in enumerate(SYMPTOMS[:4])])
    write("BI55/MedText", "default", "train", [
        {"Prompt": f"A 40-year-old presents with {s}.",
         "Completion": f"The likely diagnosis depends on {s}; treatment is supportive."} for s in SYMPTOMS])
    write("bigbio/meqsum", "meqsum_source", "train", [
        {"File": f"{i}.txt", "CHQ": (f"SUBJECT: question\nMESSAGE: I have had {s}, what can I take?" if i % 2 == 0
                                     else f"I have had {s}, what can I take?"),
         "Summary": f"What can I take for {s}?"} for i, s in enumerate(SYMPTOMS)])
    reports = [
        "FINDINGS: The lungs are clear. No effusion.     IMPRESSION: No acute cardiopulmonary process.     ",
        "IMPRESSION: Mild cardiomegaly.     FINDINGS: Heart size is mildly enlarged.     ",
        "The chest radiograph shows no change.     IMPRESSION: Stable appearance of the chest.",
        "FINDINGS: Small left pleural effusion with adjacent atelectasis.",
    ]
    for split in ("train", "validation", "test"):
        write("dmacres/mimiciii-hospitalcourse-meta", "default", split, [
            {"extractive_notes_summ": r, "target_text": f"Hospital course {i}.", "n_notes": i + 1}
            for i, r in enumerate(reports)])
    write("har1/MTS_Dialogue-Clinical_Note", "default", "train", [
        {"ID": i, "section_header": "GENHX", "section_text": f"The patient reports {s}.",
         "dialogue": f"Doctor: What brings you in?\nPatient: I have had {s}."} for i, s in enumerate(SYMPTOMS)])
    write("dmis-lab/MedLFQA", "default", "test", [
        {"Question": f"What causes {SYMPTOMS[i % 5]} (case {i})?",
         "Free_form_answer": f"Many things can cause {SYMPTOMS[i % 5]}; a doctor can examine you.",
         "Must_have": [f"{SYMPTOMS[i % 5]} has many causes"], "Nice_to_have": ["see a doctor"]} for i in range(25)])


def prescriptions() -> None:
    records = [
        {"procedure": {"chief_complaints_diagnosis": "Acid reflux"},
         "medicine_details": [{"medicine_name": "PAN 40", "medicine_frequency": "Before Breakfast", "course_duration": "10 Days"},
                              {"medicine_name": "Gaviscon", "medicine_frequency": "After Food", "course_duration": "1 Week"}]},
        {"prescription_details": {"disease_diagnosis": "Fever"},
         "medicine_details": [{"medicine_name": "Paracetamol 650", "medicine_dosage": "1-0-1"}]},
        {"Symptoms/Complaints": ["cough", "cold"],
         "Medicines Prescribed": [{"Name": "Syrup Ascoril", "Duration": "5 days"},
                                  {"Name": "Tab Montek LC", "Duration": "NA"},
                                  {"Name": "Tab Azee 500", "Duration": "3 days"}]},
        {"procedure": {"chief_complaints": "knee pain", "diagnosis": "Osteoarthritis"},
         "medicine_details": [{"medicine_name": "Volini Gel", "medicine_frequency": "Twice a day", "course_duration": "1 Month"},
                              {"medicine_name": "Ultracet", "medicine_frequency": "Once a day", "course_duration": "20 Days"},
                              {"medicine_name": "Calcium", "medicine_frequency": "1-0-1", "course_duration": "30 Days"},
                              {"medicine_name": "Vit D3", "medicine_frequency": "Weekly", "course_duration": "6 Weeks"}]},
        {"procedure": {"chief_complaints_diagnosis": "\u091c\u094d\u0935\u0930"},
         "medicine_details": [{"medicine_name": "Dolo", "medicine_frequency": "Daily", "course_duration": "3 days"}]},
        {"prescription_details": {"doctor": "unknown"}, "medicine_details": []},
        {"Symptoms/Complaints": ["headache"],
         "Medicines Prescribed": [{"Name": "Saridon", "Dosage": "SOS"}]},
    ]
    write("devlocalhost/prescription-full", "default", "train",
          [{"image": f"rx_{i}.jpg", "results": repr(r)} for i, r in enumerate(records)])


def main() -> None:
    prescriptions()
    open_answers()
    med_concepts()
    headqa()
    glianorex()
    kormedmcqa()


if __name__ == "__main__":
    main()
