"""Fixtures of AfroBench's MasakhaNER, MasakhaPOS and ADR (called by make_fixtures.py)."""

from __future__ import annotations

from fixture_rows import N, dump

# XTREME-UP's MasakhaNER-X rows: the sentence and its entities as "LABEL: entity $$ LABEL: entity";
# a sentence without entities has an empty target (kept in the set, as lm-eval reads it)
_NER_ROWS = [
    ("Amina Yusuf ta isa Kano ranar 12 ga Mayu.", "PER: Amina Yusuf $$ LOC: Kano $$ DATE: 12 ga Mayu"),
    ("Kamfanin Dangote Group ya bude masana'anta a Lagos, Nigeria.",
     "ORG: Dangote Group $$ LOC: Lagos $$ LOC: Nigeria"),
    ("Ba a ce komai ba.", ""),
]


def masakhaner() -> None:
    """masakhane/masakhaner-x: ``text`` and ``target`` per language config, train/validation/test."""
    from afrobench_tagging import NER_LANGS

    for lang in NER_LANGS:
        for split in ("train", "validation", "test"):
            rows = _NER_ROWS if split == "test" else _NER_ROWS[1:] + _NER_ROWS[:1]
            dump("masakhane/masakhaner-x", lang, split, [{
                "text": f"{text} ({lang} {split} {i})", "target": target} for i, (text, target) in enumerate(rows)])


# UD tokens with their MasakhaPOS class indices (NOUN=0, PUNCT=1, ADP=2, NUM=3, PROPN=10, PRON=11,
# VERB=16, AUX=17, DET=8 ...), one quote-bearing token so the rendered list mixes quote styles
_POS_ROWS = [
    (["Ó", "wá", "sí", "Èkó", "."], [11, 16, 2, 10, 1]),
    (["Àwọn", "ọmọ", "méjì", "ti", "lọ", "."], [8, 0, 3, 17, 16, 1]),
    (["Ilé", "Ọlá", "'s", "ń", "dàgbà"], [0, 10, 7, 17, 16]),
]


def masakhapos() -> None:
    """masakhane/masakhapos: ``id``, ``tokens`` and ``upos`` (ClassLabel indices), train/validation/test."""
    from afrobench_tagging import POS_LANGS

    for lang in POS_LANGS:
        for split in ("train", "validation", "test"):
            dump("masakhane/masakhapos", lang, split, [{
                "id": str(i), "tokens": tokens + [f"{lang}{i}"], "upos": upos + [0]}
                for i, (tokens, upos) in enumerate(_POS_ROWS if split == "test" else _POS_ROWS[::-1])])


_ADR_ROWS = [("O wa si ile wa lana", "Ó wá sí ilé wa lánàá"), ("Ede Yoruba dun", "Èdè Yorùbá dùn"),
             ("Mo ri i", "Mo rí i")]


def adr() -> None:
    """masakhane/diacritics-restoration: ``text`` without diacritics and its ``target``, train/dev/test."""
    from afrobench_tagging import ADR_LANGS

    for lang in ADR_LANGS:
        for split in ("train", "dev", "test"):
            dump("masakhane/diacritics-restoration", lang, split, [{
                "text": f"{text} {lang} {split}", "target": f"{target} {lang} {split}"}
                for text, target in _ADR_ROWS[:N]])


FAMILIES = [masakhaner, masakhapos, adr]
