"""Fixtures of the Arabic families (called by tools/generate_fixtures.py): a few rows per config
and split, in each hub dataset's schema, synthetic texts."""

from __future__ import annotations

from typing import Any

import generate_arabic as ga
from generate_fixtures import N, dump


def arab_culture() -> None:
    keys = {"arabic_keys": ["أ", "ب", "ج"], "english_keys": ["A", "B", "C"]}
    for hub in ("MBZUAI/ArabCulture", "boda/arabic_cluture"):
        pad = " " if hub == "MBZUAI/ArabCulture" else ""
        for country, region in ga.ARAB_CULTURE_COUNTRIES.items():
            dump(hub, country, "test", [{
                "worker_id": f"w{i}", "sample_id": f"{country}-{i}", "sub_topic": "Food",
                "first_statement": f" في {country} يبدأ اليوم {i} ",
                # padded option texts (stripped in the MCQ prompt) only where the texts are not the choices
                "options": {**keys, "text": [f"{pad}خيار أول {i}", f"خيار ثان {i}{pad}", f"خيار ثالث {i}"]},
                "answer_key": {"arabic_answer_key": keys["arabic_keys"][i % 3] + " ",
                               "english_answer_key": keys["english_keys"][i % 3]},
                "relevant_to_this_country": "Yes", "relevant_to_other_countries": "No",
                "should_discard": "No", "country": country, "region": region,
            } for i in range(N)])


def aexams() -> None:
    for subject in ga.AEXAMS:
        for split in ("dev", "test"):
            dump("Hennara/aexams", subject, split, [{
                "question": f" سؤال {subject} {split} {i}؟ ", "A": f"أ{i}", "B": f"ب{i}", "C": f"ج{i}", "D": f"د{i}",
                "answer": "ABCD"[i % 4]} for i in range(N)])


def _numbered_rows(tag: str, options: int, few_shots: bool = False) -> list[dict[str, Any]]:
    rows = []
    for i in range(N):
        row: dict[str, Any] = {"query": f"سؤال {tag} {i}؟"}
        row.update({f"sol{k + 1}": f"خيار {k} {i}" for k in range(options)})
        row["label"] = str(i % options)
        if few_shots:
            row["__few_shots"] = False
        rows.append(row)
    return rows


def arabic_leaderboard() -> None:
    for light in (False, True):
        data = {k: v[light] for k, v in ga.OALL_DATA.items()}
        for n, config in enumerate(ga.ALGHAFA_NATIVE):
            for split in ("validation", "test"):
                dump(data["alghafa"], config, split, _numbered_rows(f"{config}-{split}", 2 + n % 4, n == 0))
        for split in ("validation", "test"):
            dump(data["exams"], "default", split, [{
                "id": f"{split}-{i}", "question": f"سؤال امتحان {i}؟", "A": f"أ{i}", "B": f"ب{i}", "C": f"ج{i}",
                "D": f"د{i}", "answer": "ABCD"[i % 4], "subject": ["Biology", "Islamic_Studies", "Physics"][i]}
                for i in range(N)])
        for subject in ga.OALL_MMLU:
            for split in ("dev", "test"):
                dump(data["mmlu"], subject, split, [{
                    "question": f"سؤال {subject} {i}؟", "A": f"أ{i}", "B": f"ب{i}", "C": f"ج{i}", "D": f"د{i}",
                    "answer": "ABCD"[(i + 1) % 4], "subject": subject} for i in range(N)])
        for name, (config, processor) in ga.ALGHAFA_TRANSLATED.items():
            for split in ("validation", "test"):
                dump(data["translated"], config, split, _translated_rows(processor, f"{name}-{split}"))
        for subject in ga.ACVA:
            path = "OALL/ACVA" if subject == "Yemen" else data["acva"]
            for split in ("validation", "test"):
                dump(path, subject, split, [{"id": f"{subject}-{i}", "question": f"عبارة عن {subject} {split} {i}",
                                             "answer": ["صح", "خطأ"][i % 2]} for i in range(N)])


def _translated_rows(processor: str, tag: str) -> list[dict[str, Any]]:
    if processor == "numbered":
        return _numbered_rows(tag, 4)
    if processor == "boolq":
        return [{"question": f"هل {tag} {i}", "passage": f"مقطع {tag} {i}.", "answer": i % 2 == 0} for i in range(N)]
    if processor == "copa":
        return [{"premise": f"مقدمة {tag} {i}", "choice1": f"بديل أول {i}", "choice2": f"بديل ثان {i}",
                 "question": ("cause", "effect")[i % 2], "label": i % 2} for i in range(N)]
    if processor == "hellaswag":
        return [{"ctx": f"سياق [header] {tag} {i}",
                 "endings": repr([f"نهاية {k} [title] {i}" for k in range(4)]), "label": i % 4} for i in range(N)]
    if processor == "sciq":
        return [{"question": f"سؤال {tag} {i}؟", "distractor1": f"خطأ1 {i}", "distractor2": f"خطأ2 {i}",
                 "distractor3": f"خطأ3 {i}", "correct_answer": f"صحيح {i}", "support": f"سند {i}."} for i in range(N)]
    return [{"text": f"عبارة {tag} {i}", "toxicity_ai": 1.0 + 2 * i, "toxicity_human": 1.5 + i} for i in range(N)]


FAMILIES = [arab_culture, aexams, arabic_leaderboard]
