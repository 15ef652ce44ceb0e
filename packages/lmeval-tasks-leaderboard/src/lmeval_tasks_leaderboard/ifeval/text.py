"""Counting words and sentences as IFEval's checks do (lm-eval 0.4.13's ``instructions_util``)."""

from __future__ import annotations

import functools
import re
from typing import Any

from .libraries import immutabledict, nltk

#: the languages IFEval's ``language:response_language`` instruction names (ISO 639-1 codes)
LANGUAGE_CODES = immutabledict.immutabledict({
    "en": "English", "es": "Spanish", "pt": "Portuguese", "ar": "Arabic", "hi": "Hindi",
    "fr": "French", "ru": "Russian", "de": "German", "ja": "Japanese", "it": "Italian",
    "bn": "Bengali", "uk": "Ukrainian", "th": "Thai", "ur": "Urdu", "ta": "Tamil", "te": "Telugu",
    "bg": "Bulgarian", "ko": "Korean", "pl": "Polish", "he": "Hebrew", "fa": "Persian",
    "vi": "Vietnamese", "ne": "Nepali", "sw": "Swahili", "kn": "Kannada", "mr": "Marathi",
    "gu": "Gujarati", "pa": "Punjabi", "ml": "Malayalam", "fi": "Finnish",
})

_WORD = re.compile(r"\w+", re.UNICODE | re.MULTILINE | re.DOTALL)  # nltk's RegexpTokenizer(r"\w+")


def count_words(text: str) -> int:
    """Runs of word characters."""
    return len(_WORD.findall(text))


@functools.cache
def _sentence_splitter() -> Any:
    # the English Punkt model; nltk >= 3.9 serves this name from the pickle-free punkt_tab data
    return nltk.data.load("nltk:tokenizers/punkt/english.pickle")


def count_sentences(text: str) -> int:
    """Sentences as nltk's English Punkt model splits them."""
    return len(_sentence_splitter().tokenize(text))


def word_tokens(text: str) -> list[str]:
    """``nltk.word_tokenize`` (Punkt sentences, then the Treebank word tokenizer)."""
    return nltk.word_tokenize(text)
