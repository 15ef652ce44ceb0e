"""Fixtures of the AfroBench families (called by make_fixtures.py)."""

from __future__ import annotations

from fixture_rows import N, dump


def naijarc() -> None:
    """Davlan/NaijaRC (AfroBench), with the Answer letter padded as some rows are."""
    for lang in ("hau", "ibo", "yor"):
        dump("Davlan/NaijaRC", lang, "test", [{
            "story": f"Labari {lang} {i}.", "question": f" Tambaya {i}? ", "options_A": f"a{i}", "options_B": f"b{i}",
            "options_C": f"c{i}", "options_D": f"d{i}", "Answer": ["A", " B", "D "][i]} for i in range(N)])




def openai_mmlu() -> None:
    for config in ("AR_XY", "SW_KE", "YO_NG"):
        dump("openai/MMMLU", config, "test", [{
            "Unnamed: 0": i, "Question": f" Swali {config} {i}? ", "A": f"a{i}", "B": f"b{i}", "C": f"c{i}",
            "D": f"d{i}", "Answer": "BCA"[i], "Subject": "abstract_algebra"} for i in range(N)])


def sib() -> None:
    """Davlan/sib200: FLORES sentences with one of seven topic labels, per FLORES config."""
    from afrobench import SIB_CATEGORIES, SIB_LANGS

    for config, _ in SIB_LANGS.values():
        for split in ("validation", "test"):
            dump("Davlan/sib200", config, split, [{
                "index_id": 100 * i + len(split), "category": SIB_CATEGORIES[(i * 3 + len(split)) % 7],
                "text": f"Sentence {i} of {config} {split}, on a topic."} for i in range(N)])


def masakhanews() -> None:
    """masakhane/masakhanews with the columns of MasakhaNEWS's TSV files (category as a string, headline,
    text, url), the ``category`` string lm-eval's AfroBench YAML reads as its target. Not checked against
    the Hub here (no network): a copy whose topic is only a ClassLabel ``label`` would make lmeval refuse
    the task (gold 'category' is not a choice) where lm-eval scores it 0."""
    from afrobench import MASAKHANEWS_CATEGORIES, MASAKHANEWS_LANGS

    for lang in MASAKHANEWS_LANGS:
        for split in ("validation", "test"):
            dump("masakhane/masakhanews", lang, split, [{
                "category": MASAKHANEWS_CATEGORIES[(i * 2 + len(split)) % 7], "headline": f"Headline {i} {lang} {split}",
                "text": f"Story {i} of {lang} {split}.", "url": f"https://news.example/{lang}/{split}/{i}"}
                for i in range(N)])


def afrisenti() -> None:
    """masakhane/afrisenti: a tweet and its sentiment label (a string), train/validation/test."""
    from afrobench import AFRISENTI_LANGS

    for lang in AFRISENTI_LANGS:
        for split in ("train", "validation", "test"):
            dump("masakhane/afrisenti", lang, split, [{
                "tweet": f"@user tweet {i} {lang} {split} #tag", "label": ["positive", "neutral", "negative"][
                    (i + len(split)) % 3]} for i in range(N)])


def nollysenti() -> None:
    """Davlan/nollysenti: a movie review and its label ("positive"/"negative"), validation/test."""
    from afrobench import NOLLYSENTI_LANGS

    for config, _ in NOLLYSENTI_LANGS.values():
        for split in ("validation", "test"):
            dump("Davlan/nollysenti", config, split, [{
                "review": f"Review {i} of a {config} film ({split}): fine acting.",
                "label": ["positive", "negative"][(i + len(split)) % 2]} for i in range(N)])


def injongointent() -> None:
    """masakhane/InjongoIntent: an utterance (``text``), its English gloss and its intent name (English:
    train and test only)."""
    from afrobench import INJONGO_INTENTS, INJONGO_LANGS

    for lang in INJONGO_LANGS:
        for split in ("train", "test") if lang == "eng" else ("validation", "test"):
            dump("masakhane/InjongoIntent", lang, split, [{
                "text": f"Utterance {i} in {lang} ({split}), please help", "translation": f"Utterance {i}",
                "intent": INJONGO_INTENTS[(7 * i + len(split)) % 40]} for i in range(N)])


def uhura_arc_easy() -> None:
    """masakhane/uhura-arc-easy: ARC's schema (id, question, choices {text, label}, answerKey)."""
    from afrobench import UHURA_LANGS

    for lang in UHURA_LANGS:
        for split in ("train", "test") if lang in ("nso", "zu") else ("validation", "test"):
            dump("masakhane/uhura-arc-easy", f"{lang}_multiple_choice", split, [{
                "id": f"Mercury_{lang}_{split}_{i}", "question": f"Question {i} in {lang} ({split})?",
                "choices": {"text": [f"option {c}{i}" for c in "abcd"], "label": list("ABCD")},
                "answerKey": "ABCD"[(i + len(split)) % 4]} for i in range(N)])


FAMILIES = [naijarc, openai_mmlu, sib, masakhanews, afrisenti, nollysenti, injongointent, uhura_arc_easy]
