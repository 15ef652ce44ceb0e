"""Write the offline mirror used by the tests: a handful of synthetic rows per dataset config.

The rows are invented (nothing is downloaded) but every file has the columns of the hub
dataset it stands in for, laid out as ``<hub id>/<config or "default">/<split>.jsonl`` — the
layout lmeval reads from ``$LMEVAL_DATASETS_DIR``. Run from anywhere:
``python packages/lmeval-tasks-mmlu/tests/tools/make_fixtures.py``.
"""

from __future__ import annotations

import csv
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent / "fixtures" / "datasets"
sys.path.insert(0, str(HERE.parent.parent / "generate"))

import arabic_african  # noqa: E402
import arabic_dialects  # noqa: E402
import chinese  # noqa: E402
import global_mmlu  # noqa: E402
import greekmmlu  # noqa: E402
import kmmlu  # noqa: E402
import mmlu  # noqa: E402
import mmlu_pro_plus  # noqa: E402
import openai_mmmlu  # noqa: E402
import tmmluplus  # noqa: E402
import turkishmmlu  # noqa: E402

_REPLACED: set[str] = set()


def _replace(hub_id: str) -> None:
    """Delete ``hub_id``'s folder before this run's first file of it: only the datasets written
    here are replaced; the mirrors of the families' own fixture makers stay."""
    if hub_id not in _REPLACED:
        shutil.rmtree(ROOT / hub_id, ignore_errors=True)
        _REPLACED.add(hub_id)


def write(hub_id: str, config: str | None, split: str, rows: list[dict]) -> None:
    _replace(hub_id)
    path = ROOT / hub_id / (config or "default") / f"{split}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def mmlu_rows(subject: str, split: str, n: int) -> list[dict]:
    topic = subject.replace("_", " ")
    return [{
        "question": f"{split} question {i} about {topic}: which option is listed {'first' if i % 2 else 'last'}?",
        "subject": subject,
        "choices": [f"{topic} option {c}{i}" for c in "wxyz"],
        "answer": (i + len(subject)) % 4,
    } for i in range(n)]


KO = ["회계", "경제", "법률", "역사", "수학"]


def kmmlu_rows(config: str, split: str, n: int) -> list[dict]:
    return [{
        "question": f"  {config} {split} 문제 {i}: 다음 중 옳은 것은 무엇인가?\n" if i == 0
        else f"{config} {split} 문제 {i}: {KO[i % 5]}에 관한 설명으로 옳은 것은?",
        "answer": 1 + (i + len(config)) % 4,
        "A": f"{KO[i % 5]} 보기 가{i}",
        "B": f"{KO[(i + 1) % 5]} 보기 나{i}",
        "C": f"{KO[(i + 2) % 5]} 보기 다{i}",
        "D": f"{KO[(i + 3) % 5]} 보기 라{i}",
        "Category": config.replace("-", " "),
        "Human Accuracy": round(0.25 + 0.1 * (i % 5), 2),
    } for i in range(n)]


def greek_rows(config: str, subject: str, split: str, n: int) -> list[dict]:
    rows = []
    for i in range(n):
        k = 2 + (i + len(config)) % 3 if i == 2 else 4  # one row with fewer options
        rows.append({
            "question": f"Ερώτηση {split} {i} ({config}): ποια πρόταση είναι σωστή;",
            "choices": [f"Επιλογή {j + 1} της ερώτησης {i}" for j in range(k)],
            "answer": (i + len(config)) % k,
            "subject": subject,
        })
    return rows


ZH = ["甲", "乙", "丙", "丁"]


def cmmlu_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{
        "Question": f"{subject} {split} 第{i}题：下列说法正确的是？",
        "A": f"选项{ZH[0]}{i}", "B": f"选项{ZH[1]}{i}", "C": f"选项{ZH[2]}{i}",
        "D": f"选项{ZH[3]}{i}",
        "Answer": "ABCD"[(i + len(subject)) % 4],
    } for i in range(n)]


def darija_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{
        "question": f"{subject} {split} سؤال {i}: شنو هو الجواب الصحيح؟",
        "context": "" if i % 2 else f"سياق {i}",
        "choices": [f"اختيار {k} {i}" for k in range(3 + i % 3)],
        "answer": i % 3, "subject": subject, "subject_darija": f"موضوع {subject}",
        "source": "mmlu" if subject in arabic_dialects.MMLU_SUBJECTS else "arabic_mmlu",
    } for i in range(n)]


def egy_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{
        "question": f"{subject} {split} سؤال {i}: إيه الإجابة الصح؟",
        "context": "" if i % 2 == 0 else f"سياق {i}",
        "choices": [f"اختيار {k} {i}" for k in range(4 + i % 2)],
        "answer": (i + 1) % 4, "subject": subject, "egy_subject": f"موضوع {subject}",
    } for i in range(n)]


def ceval_rows(subject: str, split: str, n: int) -> list[dict]:
    return [{
        "id": i,
        "question": f"{subject} {split} 第{i}题：以下哪一项是正确的？",
        "A": f"答案{ZH[0]}{i}", "B": f"答案{ZH[1]}{i}", "C": f"答案{ZH[2]}{i}",
        "D": f"答案{ZH[3]}{i}",
        "answer": "ABCD"[(i + len(subject)) % 4],
        "explanation": f"解析{i}" if split == "dev" else "",
    } for i in range(n)]


AR_LEVELS = {"University": "Univ", "High School": "High", "Middle School": "Middle",
             "Primary School": "Primary", "Professional": "Prof"}


def arabic_rows(config: str, split: str, n: int) -> list[dict]:
    subject, _, level = config.partition(" (")
    level = AR_LEVELS.get(level.rstrip(")"))
    rows = []
    for i in range(n):
        k = (5 if i == 1 else 2 if i == 2 else 4)
        options = [f"الخيار {j + 1} للسؤال {i}" for j in range(k)] + [None] * (5 - k)
        rows.append({
            "ID": 1000 * len(config) + i,
            "Source": "https://example.org/exams",
            "Country": ["Jordan", "UAE", None][i % 3],
            "Group": "Fixture",
            "Subject": subject,
            "Level": level,
            "Question": f"سؤال {split} رقم {i} في {subject}؟",
            "Context": "نص السياق للسؤال." if i == 1 else None,
            "Answer Key": "ABCDE"[(i + len(config)) % k],
            **{f"Option {j + 1}": options[j] for j in range(5)},
            "is_few_shot": 1 if split == "dev" else 0,
        })
    return rows


AFRI_SUBJECTS = ["elementary_mathematics", "high_school_geography", "international_law"]


def afri_rows(lang: str, split: str, n: int, translated: bool) -> list[dict]:
    word = "question" if translated else f"swali-{lang}"
    return [{
        "subject": AFRI_SUBJECTS[i % 3],
        "question": f"{word} {split} {i}: which answer is right?",
        "answer": "ABCD"[(i + len(lang)) % 4],
        "choices": repr([f"{lang} choice {c}{i}" for c in "pqrs"] if i != 1
                        else [f"{lang} it's {c}" for c in "pqrs"]),
    } for i in range(n)]


def redux_rows(subject: str, n: int) -> list[dict]:
    """MMLU-Redux 2.0 rows: MMLU's columns plus the annotation (all "ok" in this subset)."""
    return [{**row, "error_type": "ok", "source": f"https://example.org/{subject}/{i}",
             "correct_answer": None, "potential_reason": ""}
            for i, row in enumerate(mmlu_rows(subject, "test", n))]


GLOBAL_CATEGORY = {"stem": "STEM", "humanities": "Humanities", "social_sciences": "Social Sciences"}


def global_rows(lang: str, subjects: list[str], split: str, per_subject: list[int]) -> list[dict]:
    """Global-MMLU(-Lite) rows, compact (the full set has 42 configs): every column of the hub
    dataset, short values; ``per_subject[k]`` rows for ``subjects[k]``."""
    rows = []
    for k, subject in enumerate(subjects):
        domain = mmlu.SUBJECTS[subject]
        category = ("Medical" if "medic" in subject or subject in ("anatomy", "nutrition", "virology")
                    else "Business" if subject in ("marketing", "management", "professional_accounting")
                    else GLOBAL_CATEGORY.get(domain, "Other"))
        for i in range(per_subject[k]):
            rows.append({
                "sample_id": f"{subject}/{i}", "subject": subject, "subject_category": category,
                "question": f" {lang} {split} q{i}? ",
                **{f"option_{c}": f"{lang}-{c}{i}" for c in "abcd"},
                "answer": "ABCD"[(i + k + len(lang)) % 4],
                "required_knowledge": "[]", "time_sensitive": "No", "reference": "", "culture": "",
                "region": "", "country": "", "cultural_sensitivity_label": "CA" if i % 2 else "CS",
                "is_annotated": bool(i % 2),
            })
    return rows


LITE_SUBJECTS = ["abstract_algebra", "anatomy", "marketing", "philosophy", "global_facts",
                 "sociology", "professional_medicine", "management", "world_religions", "astronomy",
                 "econometrics", "miscellaneous"]


def turkish_rows(subject: str, split: str, n: int) -> list[dict]:
    topic = subject.replace("_", " ")
    return [{
        "question": f" {split} sorusu {i} ({topic}): aşağıdakilerden hangisi doğrudur?\n" if i == 0
        else f"{split} sorusu {i} ({topic}): hangisi yanlıştır?",
        "choices": [f"{topic} seçenek {c}{i}" for c in "abcde"],
        "answer": "ABCDE"[(i + len(subject)) % 5],
    } for i in range(n)]


def tmmluplus_rows(subject: str, split: str, n: int) -> list[dict]:
    name = tmmluplus.SUBJECTS[subject][0]
    return [{
        "question": f" {name}{split}題{i}：下列何者正確？\n" if i == 0 else f"{name}{split}題{i}：下列何者錯誤？",
        "A": f"{name}甲{i}", "B": f"{name}乙{i}", "C": f"{name}丙{i}", "D": f"{name}丁{i}",
        "answer": "ABCD"[(i + len(subject)) % 4],
        "subject": subject,
    } for i in range(n)]


def write_csv(hub_id: str, name: str, rows: list[dict]) -> None:
    _replace(hub_id)
    path = ROOT / hub_id / "data" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def mmmlu_rows(config: str, start: int) -> list[dict]:
    """Two rows per subject, in subject order; one subject of SW_KE written as its CSV file name."""
    rows = []
    for subject in mmlu.SUBJECTS:
        topic = subject.replace("_", " ")
        label = f"{subject}_test.csv_sw-KE.csv" if config == "SW_KE" and subject == "college_mathematics" \
            else subject
        for i in range(2):
            rows.append({"Unnamed: 0": start + len(rows), "Question": f" {config} {topic} question {i}?\n"
                         if i == 0 else f"{config} {topic} question {i}?",
                         "A": f"{topic} a{i}", "B": f"{topic} b{i}", "C": f"{topic} c{i}", "D": f"{topic} d{i}",
                         "Answer": "ABCD"[(i + len(subject) + len(config)) % 4], "Subject": label})
    return rows


def pro_plus_rows(split: str, per_category: int) -> list[dict]:
    """``per_category`` rows of every category, interleaved; 10 to 12 options (letters up to L)."""
    rows = []
    for i in range(per_category):
        for category in mmlu_pro_plus.CATEGORIES.values():
            k = 10 + (i + len(category)) % 3
            gold = (i * 3 + len(category)) % k
            rows.append({
                "question_id": len(rows), "question": f"{split} {category} question {i}: which is right?",
                "options": [f" {category} option {j} " if j == 0 else f"{category} option {j}" for j in range(k)],
                "answer": "ABCDEFGHIJKL"[gold], "answer_index": gold,
                "cot_content": f"A: Let's think step by step. Only option {gold} fits. "
                               f"The answer is ({'ABCDEFGHIJKL'[gold]}).",
                "category": category, "src": f"ori_mmlu-{category.replace(' ', '_')}",
            })
    return rows


def n_test(i: int) -> int:
    """Test-split sizes 2, 3, 4, 2, ... so that size-weighted and plain means differ."""
    return 2 + i % 3


def main() -> None:
    for i, subject in enumerate(mmlu.SUBJECTS):
        write("cais/mmlu", subject, "test", mmlu_rows(subject, "test", n_test(i)))
        write("cais/mmlu", subject, "dev", mmlu_rows(subject, "dev", 5))
        write("cais/mmlu", subject, "validation", mmlu_rows(subject, "validation", n_test(i + 1)))
        write("fxmarty/mmlu-redux-2.0-ok", subject, "test", redux_rows(subject, n_test(i + 2)))
    subjects = list(mmlu.SUBJECTS)
    for i, lang in enumerate(global_mmlu.FULL_LANGS):  # 1-2 test rows and 1 dev row per subject
        write("CohereForAI/Global-MMLU", lang, "test",
              global_rows(lang, subjects, "test", [1 + ((k + i) % 3 == 0) for k in range(len(subjects))]))
        write("CohereForAI/Global-MMLU", lang, "dev", global_rows(lang, subjects, "dev", [1] * len(subjects)))
    for i, (lang, hub_id) in enumerate(global_mmlu.LITE_LANGS.items()):
        write(hub_id, lang, "test", global_rows(lang, LITE_SUBJECTS, "test",
                                                [1 + (k + i) % 3 for k in range(len(LITE_SUBJECTS))]))
        write(hub_id, lang, "dev", global_rows(lang, LITE_SUBJECTS, "dev", [2] * len(LITE_SUBJECTS)))
    for i, config in enumerate(kmmlu.SUBJECTS):
        write("HAERAE-HUB/KMMLU", config, "test", kmmlu_rows(config, "test", n_test(i)))
        write("HAERAE-HUB/KMMLU", config, "dev", kmmlu_rows(config, "dev", 5))
    for i, (config, _alias, _) in enumerate(greekmmlu.configs()):
        subject = max((s for s in greekmmlu.SUBJECTS  # the dataset's subject field
                       if config.startswith(s.replace("&", "and").replace(" ", "_"))), key=len)
        write("dascim/GreekMMLU", config, "test", greek_rows(config, subject, "test", n_test(i) + 1))
        write("dascim/GreekMMLU", config, "dev", greek_rows(config, subject, "dev", 5))
    for i, subject in enumerate(chinese.CMMLU_SUBJECTS):
        write("haonan-li/cmmlu", subject, "test", cmmlu_rows(subject, "test", n_test(i)))
        write("haonan-li/cmmlu", subject, "dev", cmmlu_rows(subject, "dev", 5))
    for i, subject in enumerate(chinese.ACLUE_SUBJECTS):
        write("tyouisen/aclue", subject, "test", cmmlu_rows(subject, "test", n_test(i)))
        write("tyouisen/aclue", subject, "dev", cmmlu_rows(subject, "dev", 5))
    for i, subject in enumerate(arabic_dialects.MMLU_SUBJECTS + arabic_dialects.ARABIC_MMLU_SUBJECTS):
        write("MBZUAI-Paris/DarijaMMLU", subject, "test", darija_rows(subject, "test", n_test(i)))
        write("MBZUAI-Paris/DarijaMMLU", subject, "dev", darija_rows(subject, "dev", 5))
        write("UBC-NLP/EgyMMLU", subject, "test", egy_rows(subject, "test", n_test(i)))
        write("UBC-NLP/EgyMMLU", subject, "dev", egy_rows(subject, "dev", 5))
    for i, subject in enumerate(chinese.CEVAL_SUBJECTS):
        write("ceval/ceval-exam", subject, "val", ceval_rows(subject, "val", n_test(i)))
        write("ceval/ceval-exam", subject, "dev", ceval_rows(subject, "dev", 5))
    for i, config in enumerate(arabic_african.ARABIC_SUBJECTS):
        write("MBZUAI/ArabicMMLU", config, "test", arabic_rows(config, "test", n_test(i) + 1))
        write("MBZUAI/ArabicMMLU", config, "dev", arabic_rows(config, "dev", 3))
    for i, lang in enumerate(arabic_african.AFRI_LANGS):
        write("masakhane/afrimmlu", lang, "test", afri_rows(lang, "test", n_test(i) + 1, False))
        write("masakhane/afrimmlu", lang, "validation", afri_rows(lang, "validation", 5, False))
        if lang != "eng":
            write("masakhane/afrimmlu-translate-test", lang, "test", afri_rows(lang, "test", 3, True))
    for i, subject in enumerate(turkishmmlu.SUBJECTS):
        write("AYueksel/TurkishMMLU", subject, "test", turkish_rows(subject, "test", n_test(i)))
        write("AYueksel/TurkishMMLU", subject, "dev", turkish_rows(subject, "dev", 5))
    write("saeidasgari/mmlu-pro-plus", None, "test", pro_plus_rows("test", 2))
    write("saeidasgari/mmlu-pro-plus", None, "validation", pro_plus_rows("validation", 5))
    for config, _ in openai_mmmlu.LANGUAGES.values():
        write("openai/MMMLU", config, "test", mmmlu_rows(config, 0))
    for i, subject in enumerate(tmmluplus.SUBJECTS):
        for split, n in (("test", n_test(i)), ("train", 5)):
            if subject in tmmluplus.CSV_SUBJECTS:
                write_csv("ikala/tmmluplus", f"{subject}_{split}.csv", tmmluplus_rows(subject, split, n))
            else:
                write("ikala/tmmluplus", subject, split, tmmluplus_rows(subject, split, n))


if __name__ == "__main__":
    main()
