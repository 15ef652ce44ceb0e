"""AraDiCE (Mousi et al. 2024, arXiv:2409.11404): dialectal Arabic benchmarks of QCRI.

Prompts, choices and targets as lm-eval 0.4.13 builds them for the Egyptian (egy), Levantine
(lev), Modern Standard Arabic (msa) and English (eng) versions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_LEVEL = {"Primary": "للمرحلة الابتدائية", "Middle": "للمرحلة المتوسطة", "High": "للمرحلة الثانوية",
          "Univ": "للمرحلة الجامعية ", "Prof": "للمحترفين"}
_COUNTRIES = ["UAE", "Egypt", "Lebanon", "Jordan", "Kuwait", "KSA", "Palestine", "Morocco"]
_COUNTRY = {
    "egy": dict(zip(_COUNTRIES, ["في الإمارات", "في مصر", "في لبنان", "في الأردن", "في الكويت", "في السعودية",
                                 "في فلسطين", "في المغرب"], strict=True)),
    "lev": dict(zip(_COUNTRIES, ["بالإمارات", "بمصر", "بلبنان", "بالأردن", "بالكويت", "بالسعودية", "بفلسطين",
                                 "بالمغرب"], strict=True)),
}
_SUBJECTS = ["Islamic Studies", "Driving Test", "Natural Science", "History", "General Knowledge", "Law", "Physics",
             "Social Science", "Management", "Arabic Language", "Political Science", "Philosophy", "Accounting",
             "Computer Science", "Geography", "Math", "Biology", "Economics", "Arabic Language (General)",
             "Arabic Language (Grammar)", "Civics"]
_SUBJECT = {
    "egy": dict(zip(_SUBJECTS, [
        "في الدراسات إسلامية", "في اختبار القيادة", "في العلوم الطبيعية", "في مادة التاريخ", "في المعرفة العامة",
        "في القانون", "في الفيزياء", "في العلوم الاجتماعية", "في الإدارة", "في اللغة العربية", " في العلوم السياسية",
        "في الفلسفة", "في المحاسبة", "في علوم الحاسوب", "في الجغرافيا", "في الرياضيات", "في علم الأحياء",
        "في الاقتصاد", "في اللغة العربية (عام)", "في اللغة العربية (النحو)", "في التربية المدنية"], strict=True)),
    "lev": dict(zip(_SUBJECTS, [
        "عن الدراسات إسلامية", "عن فحص السواقة", "عن العلوم الطبيعية", "تاريخ", "معرفة عامة", "عن القانون",
        "فيزياء", "علوم اجتماعية", "عن الإدارة", "عن اللغة العربية", " عن العلوم السياسية", "فلسفة", "محاسبة",
        "عن علوم الحاسوب", "جغرافيا", "رياضيات", "بيولوجي", "اقتصاد", "لغة العربية (عام)", "لغة العربية (نحو)",
        "تربية مدنية"], strict=True)),
}
_MMLU_PROMPT = {
    "egy": "ده سؤال {meta}. اختار الإجابة الصحيحة!\n\nسؤال: {question}\n{options}\n\nإجابة:",
    "lev": "هيدا سؤال {meta}. نقي الجواب الصح!\n\nسؤال: {question}\n{options}\n\nالجواب:",
}
_AR_LETTERS = ["أ", "ب", "ج", "د", "و"]


def _mmlu(doc: Mapping[str, Any], dialect: str) -> dict[str, Any]:
    level = " " + _LEVEL[doc["Level"]] if doc["Level"] else ""
    country = " " + _COUNTRY[dialect][doc["Country"]] if doc["Country"] else ""
    question = f"{doc['context']}\n\n{doc['question']}" if doc["context"] else doc["question"]
    options = []
    for i, key in enumerate("ABCDE"):
        if doc["options"].get(key) is None:
            break
        options.append(f"{_AR_LETTERS[i]}- {doc['options'][key]}")
    prompt = _MMLU_PROMPT[dialect].format(meta=f"{_SUBJECT[dialect][doc['Subject']]}{level}{country}",
                                          question=question, options="\n".join(options))
    return {**doc, "prompt": prompt, "choices": _AR_LETTERS[:len(options)],
            "target": "ABCDE".index(doc["Answer Key"])}


def process_docs_mmlu_egy(docs: Any) -> Any:
    return docs.map(lambda doc: _mmlu(doc, "egy"))


def process_docs_mmlu_lev(docs: Any) -> Any:
    return docs.map(lambda doc: _mmlu(doc, "lev"))


def _boolq(doc: Mapping[str, Any], yes: str, no: str) -> dict[str, Any]:
    question = doc["question"].strip()
    if question.endswith(("?", "؟")):
        question = question[:-1]
    answer = {"true": yes, "false": no, True: yes, False: no}[doc["answer"]]
    return {**doc, "question": question.strip(), "target": answer}


def process_docs_boolq_arabic(docs: Any) -> Any:
    """The question without its final question mark; the answer as نعم / لا."""
    return docs.map(lambda doc: _boolq(doc, "نعم", "لا"))


def process_docs_boolq_english(docs: Any) -> Any:
    return docs.map(lambda doc: _boolq(doc, "yes", "no"))


def process_docs_culture(docs: Any) -> Any:
    """The three options; the first is the right one."""
    return docs.map(lambda doc: {**doc, "choices": [doc["Option A"], doc["Option B"], doc["Option C"]]})


def openbookqa_doc_to_text(doc: Mapping[str, Any]) -> str:
    return doc["question"]["stem"].strip()


def openbookqa_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    return [c["text"] for c in doc["question"]["choices"]]


def openbookqa_doc_to_target(doc: Mapping[str, Any]) -> int:
    labels = [c["label"] for c in doc["question"]["choices"]]
    key = doc["answerKey"].lstrip()
    if key not in labels:  # lm-eval prints "Failed" and scores the document 0
        raise ValueError(f"AraDiCE OpenBookQA: answerKey {doc['answerKey']!r} is none of the labels {labels}")
    return labels.index(key)


def winogrande_doc_to_text(doc: Mapping[str, Any]) -> int:
    """The index of the right filling: each filled-in start of the sentence is a context."""
    return {"1": 0, "2": 1}[doc["answer"]]


def winogrande_doc_to_target(doc: Mapping[str, Any]) -> str:
    return doc["sentence"][doc["sentence"].index("_") + 1:].strip()


def winogrande_doc_to_choice(doc: Mapping[str, Any]) -> list[str]:
    start = doc["sentence"][:doc["sentence"].index("_")]
    return [start + doc["option1"], start + doc["option2"]]
