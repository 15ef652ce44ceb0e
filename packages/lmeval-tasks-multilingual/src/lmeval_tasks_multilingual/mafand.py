"""MAFAND-MT (AfroBench) prompts and targets: each document is ``{"translation": {pivot: ...,
african: ...}}`` with the pivot English (``en``) or French (``fr``).

The wording is lm-eval 0.4.13's. Its prompt-2 helpers return a one-element tuple (a trailing comma),
which lm-eval refuses ("Context is not a string"); here they return the string (the package
README lists it as a deliberate difference)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: the African language's code in the dataset → its English name in the prompts
LANGUAGES = {
    "amh": "Amharic", "bam": "Bambara", "bbj": "Gbomala", "ewe": "Ewe", "fon": "Fon", "hau": "Hausa",
    "ibo": "Igbo", "kin": "Kinyarwanda", "lug": "Luganda", "luo": "Luo", "mos": "Mossi", "nya": "Chichewa",
    "pcm": "Nigerian Pidgin", "sna": "Shona", "swa": "Swahili", "tsn": "Setswana", "twi": "Twi", "wol": "Wolof",
    "xho": "Xhosa", "yor": "Yoruba", "zul": "Zulu",
}
_PIVOTS = {"en": "English", "fr": "French"}


def _sides(doc: Mapping[str, Any]) -> tuple[str, str, str, str]:
    """(pivot text, pivot name, African text, African name) of a document."""
    pair = doc["translation"]
    pivot = "en" if "en" in pair else "fr"
    african = next(code for code in pair if code not in _PIVOTS)
    return pair[pivot], _PIVOTS[pivot], pair[african], LANGUAGES[african]


def pivot_target(doc: Mapping[str, Any]) -> str:
    """The English or French sentence (target of African → pivot)."""
    return _sides(doc)[0]


def african_target(doc: Mapping[str, Any]) -> str:
    """The African-language sentence (target of pivot → African)."""
    return _sides(doc)[2]


def into_pivot_prompt_1(doc: Mapping[str, Any]) -> str:
    pivot_text, pivot, text, lang = _sides(doc)
    return ("You are an advanced Translator, a specialized assistant designed to translate documents from "
            f"{lang} into {pivot}. \nYour main goal is to ensure translations are grammatically correct and "
            f"human-oriented. \n{lang}: {text} \n{pivot}: ")


def from_pivot_prompt_1(doc: Mapping[str, Any]) -> str:
    pivot_text, pivot, text, lang = _sides(doc)
    return ("You are an advanced Translator, a specialized assistant designed to translate documents from "
            f"{pivot} into {lang}. \nYour main goal is to ensure translations are grammatically correct and "
            f"human-oriented. \n{pivot}: {pivot_text} \n{lang}: ")


def into_pivot_prompt_2(doc: Mapping[str, Any]) -> str:
    """Also lm-eval's prompt 3 into the pivot (its YAML names prompt 2's function there)."""
    pivot_text, pivot, text, lang = _sides(doc)
    return f"{lang} sentence: {text} \n{pivot} sentence: "


def from_pivot_prompt_2(doc: Mapping[str, Any]) -> str:
    pivot_text, pivot, text, lang = _sides(doc)
    return f"{pivot} sentence: {pivot_text} \n{lang} sentence: \n"


def from_pivot_prompt_3(doc: Mapping[str, Any]) -> str:
    pivot_text, pivot, text, lang = _sides(doc)
    return (f"You are a translation expert. Translate the following {pivot} sentence into {lang}\n"
            f"{pivot} sentence: {pivot_text}\n{lang} sentence: ")
