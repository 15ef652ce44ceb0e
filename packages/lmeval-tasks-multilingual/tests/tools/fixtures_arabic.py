"""Fixtures of the Arabic families (called by make_fixtures.py): a few rows per config
and split, in each hub dataset's schema, synthetic texts."""

from __future__ import annotations

from typing import Any

import arabic as ga
from fixture_rows import N, dump


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


ARADICE_SUBJECTS = {"history": "History", "islamic-studies": "Islamic Studies", "philosophy": "Philosophy",
                    "arabic-language": "Arabic Language", "civics": "Civics", "economics": "Economics",
                    "geography": "Geography", "biology": "Biology", "computer-science": "Computer Science",
                    "physics": "Physics", "general-knowledge": "General Knowledge",
                    "social-science": "Social Science", "natural-science": "Natural Science",
                    "arabic-language-general": "Arabic Language (General)",
                    "arabic-language-grammar": "Arabic Language (Grammar)", "driving-test": "Driving Test",
                    "math": "Math", "law": "Law", "management": "Management", "accounting": "Accounting",
                    "political-science": "Political Science"}
ARADICE_LEVELS = {"primary": "Primary", "middle": "Middle", "high": "High", "univ": "Univ", "prof": "Prof", "na": ""}


def aradice() -> None:
    for dialect in ("egy", "lev"):
        for config in ga.ARADICE_MMLU:
            level, _, subject = config.split("_")
            dump(f"QCRI/AraDICE-ArabicMMLU-{dialect}", config, "test", [{
                "ID": i, "Source": "exam", "Country": ["Egypt", "", "Jordan"][i], "Group": "Humanities",
                "Subject": ARADICE_SUBJECTS[subject], "Level": ARADICE_LEVELS[level] or None,
                "context": f"نص {i}" if i == 1 else "", "question": f"سؤال {config} {i}؟",
                "options": {"A": f"أول {i}", "B": f"ثاني {i}", "C": f"ثالث {i}" if i else None,
                            "D": f"رابع {i}" if i else None, "E": f"خامس {i}" if i == 2 else None},
                "Answer Key": "AB"[i % 2]} for i in range(N)])
    for lang in ga.ARADICE_LANGS:
        dump("QCRI/AraDiCE-BoolQ", f"BoolQ-{lang}", "test", [{
            "question": [f"هل {lang} {i}؟ ", f"is it {i}?", f"سؤال {i}"][i], "passage": f"مقطع {lang} {i}.",
            # a boolean column in one config, "true"/"false" strings in the others (both read as lm-eval does)
            "answer": [True, False, True][i] if lang == "eng" else ["true", "false", "true"][i]} for i in range(N)])
        dump("QCRI/AraDiCE-OpenBookQA", f"OBQA-{lang}", "test", [{
            "id": f"{lang}-{i}", "question": {"stem": f" جذع {lang} {i} ", "choices": [
                {"label": x, "text": f"{x} نص {i}"} for x in "ABCD"]}, "answerKey": [" A", "B", "D"][i]}
            for i in range(N)])
        dump("QCRI/AraDiCE-PIQA", f"PIQA-{lang}", "test", [{
            "goal": f"هدف {lang} {i}", "sol1": f"حل أول {i}", "sol2": f"حل ثان {i}", "label": i % 2}
            for i in range(N)])
        dump("QCRI/AraDiCE-TruthfulQA", f"TruthfulQA-{lang}", "test", [{
            "question": f"سؤال {lang} {i}؟", "mc1_targets": {"choices": [f"صحيح {i}", f"خطأ {i}", f"آخر {i}"],
                                                            "labels": [1, 0, 0]}} for i in range(N)])
        dump("QCRI/AraDiCE-WinoGrande", f"Winogrande-{lang}", "test", [{
            "sentence": f"أحمد أعطى _ الكتاب لأنه {lang} {i}.", "option1": f"علي{i}", "option2": f"سعيد{i}",
            "answer": "12"[i % 2]} for i in range(N)])
    for country in ga.ARADICE_CULTURE:
        dump("QCRI/AraDiCE-Culture", country, "test", [{
            "ID": i, "Question": f"سؤال عن {country} {i}؟", "Option A": f"صحيح {i}", "Option B": f"خطأ {i}",
            "Option C": f"آخر {i}"} for i in range(N)])


DARIJA_SENTIMENTS = ["سلبي", "ايجابي", "ماكينش إحساس"]


def darija_sentiment() -> None:
    for name, (split, _alias, n) in ga.DARIJA_SENTIMENT.items():
        options = " ".join(f"-{s}" for s in DARIJA_SENTIMENTS[:n])
        dump("MBZUAI-Paris/DarijaBench", None, split, [{
            "messages": [{"content": f"شنو هو الإحساس ديال هاد الجملة؟\nجملة {name} {i}\nالإحساسات: {options}",
                          "role": "user"},
                         {"content": DARIJA_SENTIMENTS[i % n], "role": "assistant"}],
            "dataset": name, "direction": None, "id": f"{name}-{i}"} for i in range(N)])



#: the instruction line of each direction (the translation ones are the dataset's; the
#: transliteration and summary lines are synthetic in the same style)
DARIJA_INSTRUCTIONS = {
    "fr_dr": "ترجم من الفرنساوية للدارجة:", "dr_fr": "ترجم من الدارجة للفرنساوية:",
    "en_dr": "ترجم من الإنجليزية للدارجة:", "dr_en": "ترجم من الدارجة للإنجليزية:",
    "msa_dr": "ترجم من الفصحى للدارجة:", "dr_msa": "ترجم من الدارجة للفصحى:",
    "dr_ar": "كتب هاد الجملة بالحروف اللاتينية:", "ar_dr": "كتب هاد الجملة بالحروف العربية:",
}
_DARIJA_TEXT = {"dr": "واحد الجملة بالدارجة رقم {i} ديال {c}", "fr": "Une phrase {i} en français de {c}",
                "en": "An English sentence {i} from {c}", "msa": "جملة بالفصحى رقم {i} من {c}",
                "ar": "wa7ed jomla {i} b darija dyal {c}"}


def _darija_chat(corpus: str, direction: str, i: int) -> dict[str, Any]:
    source, target = direction.split("_")
    text = _DARIJA_TEXT[source].format(i=i, c=corpus)
    reference = _DARIJA_TEXT[target].format(i=i, c=corpus)
    if i == 1:  # a reference with surrounding space, as the generations are stripped
        reference = f" {reference} "
    return {"messages": [{"content": f"{DARIJA_INSTRUCTIONS[direction]}\n{text}", "role": "user"},
                         {"content": reference, "role": "assistant"}],
            "dataset": corpus, "direction": direction, "id": f"{corpus}-{direction}-{i}"}


def darija_generation() -> None:
    """Translation (rows of every direction interleaved, so `all` sees several), transliteration
    and MArSum summaries."""
    for corpus, (split, directions) in ga.DARIJA_CORPORA.items():
        dump("MBZUAI-Paris/DarijaBench", None, split,
             [_darija_chat(corpus, d, i) for i in range(N) for d in directions])
    dump("MBZUAI-Paris/DarijaBench", None, "transliteration",
         [_darija_chat("doda", d, i) for i in range(N) for d in ("dr_ar", "ar_dr")])
    dump("MBZUAI-Paris/DarijaBench", None, "marsum", [{
        "messages": [{"content": f"لخص هاد المقطع:\nهادا مقطع طويل شوية رقم {i} على الأخبار ديال المغرب، "
                                 f"فيه بزاف ديال الكلام على الطقس والماتشات.", "role": "user"},
                     {"content": f"ملخص {i}: الطقس والماتشات", "role": "assistant"}],
        "dataset": "marsum", "direction": None, "id": f"marsum-{i}"} for i in range(N)])


FAMILIES = [arab_culture, aexams, arabic_leaderboard, aradice, darija_sentiment, darija_generation]
