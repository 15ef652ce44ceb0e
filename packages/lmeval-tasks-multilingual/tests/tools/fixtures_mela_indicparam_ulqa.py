"""Fixtures of MELA, IndicParam and the Uyghur sets of ULQA (called by make_fixtures.py), in their
Hub schemas."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "generate"))

from fixture_rows import N, dump  # noqa: E402
from indicparam import INDICPARAM  # noqa: E402
from mela import MELA  # noqa: E402


def mela() -> None:
    for lang in ["en", *MELA]:
        for split in ("train", "dev", "test"):
            dump("Geralt-Targaryen/MELA", lang, split, [{
                "sentence": f"The {lang} {split} sentence {i} {'are' if i % 2 else 'is'} here.", "label": (i + 1) % 2,
            } for i in range(N + 1)])


def indicparam() -> None:
    rows = []
    for subject in INDICPARAM.values():
        rows += [{"unique_question_id": f"{subject}-{i}", "subject": subject, "exam_name": "UGC-NET",
                  "paper_number": "2", "question_text": f"{subject} प्रश्न {i}?",
                  **{f"option_{x}": f"{subject} उत्तर {x} {i}" for x in "abcd"},
                  "correct_answer": "abcd"[i % 4] if i % 2 else "ABCD"[i % 4], "question_type": "MCQ"}
                 for i in range(N)]
    dump("bharatgenai/IndicParam", "IndicParam", "test", rows)


def ulqa() -> None:
    question = "سۇئال"
    dump("keramjan/ulut", "nug", "train", [{"question": f"{question} {i}", "answer": f"جاۋاپ {i}",
                                            "distractor1": f"x{i}", "distractor2": f"y{i}"} for i in range(N)])
    for task, field, gold in (("wag", "antonym", "قارشى"), ("wsm", "synonym", "مەنىداش")):
        dump("keramjan/ulut", task, "train", [{"word": f"سۆز {i}", field: f"{gold} {i}", "distractor1": f"a{i}",
                                               "distractor2": f"b{i}", "distractor3": f"c{i}"} for i in range(N)])
    dump("keramjan/ulut", "wub", "train", [{"statement": f"جۈملە {i}", "check": i % 2} for i in range(N)])
    dump("keramjan/ulut", "wum", "train", [{"question": f"بوش _ {i}", "A": f"a{i}", "B": f"b{i}", "C": f"c{i}",
                                            "answer": "ABC"[i % 3]} for i in range(N)])
    for path in ("keramjan/CELEP1", "keramjan/CELEP2"):
        dump(path, "main", "train", [{
            "instruction": "تېكىستنى ئوقۇپ سوئالغا جاۋاپ بېرىڭ", "passage": f"تېكىست {i}", "question": f"{question} {i}",
            **({"A": f"a{i}", "B": f"b{i}", "C": f"c{i}", "D": f"d{i}", "answer": "ABCD"[i % 4]}
               if path.endswith("1") else {"answer": f"جاۋاپ {i}"})} for i in range(N)])
    dump("keramjan/uleval", "main", "train", [{"question": f"{question} {i}", "A": f"a{i}", "B": f"b{i}",
                                               "C": f"c{i}", "D": f"d{i}", "answer": "ABCD"[(i + 1) % 4]}
                                              for i in range(N)])
    dump("keramjan/ulqa", "main", "train", [{"question": f"{question} {i}", "answer": f"جاۋاپ {i}"}
                                            for i in range(N + 2)])
    dump("keramjan/lambada_uyghur", "default", "train", [{"text": f"بۇ ھېكايە {i} ئاخىرلاشتى ئاخىرى{i}"}
                                                         for i in range(N)])


FAMILIES = [mela, indicparam, ulqa]

if __name__ == "__main__":
    for family in FAMILIES:
        family()
