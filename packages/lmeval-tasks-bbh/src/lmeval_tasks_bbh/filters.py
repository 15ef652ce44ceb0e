"""Answer-extraction filters of BIG-Bench Hard, registered by name (``lmeval ls filters``).

Each turns a model's free text into the form of the BBH targets before exact match:

* ``bbh_multiple_choice`` — an option label ``(X)``; failing that, the text of an option
  (mapped back to its label); failing that, a bare letter after a colon.
* ``bbh_map_regex`` — the first of several patterns that matches, mapped to a fixed answer
  (``plausible`` → ``yes``).
* ``bbh_number`` — a number in digits, else one written in English words.
* ``bbh_word_sort`` — the words of the question's list, in the order the answer last uses them.

Behaviour follows lm-eval 0.4.13's BBH filters (``group_select``, ``fallback``, the same
normalisation), so extracted answers are the same; where lm-eval raises on malformed number
words, these return the fallback.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

FALLBACK = "[invalid]"


@lru_cache(maxsize=1)
def _punctuation_table() -> dict[int, None]:
    return dict.fromkeys(i for i in range(sys.maxunicode)
                         if unicodedata.category(chr(i)).startswith("P"))


class _Extractor:
    """Shared parts: a compiled pattern, which match to keep, and text normalisation."""

    def __init__(self, regex_pattern: str = r"#### (\-?[0-9\.\,]+)", group_select: int = 0,
                 fallback: str = FALLBACK, ignore_case: bool = False,
                 ignore_punctuation: bool = False, regexes_to_ignore: Sequence[str] | None = None
                 ) -> None:
        self.regex_pattern = regex_pattern
        self.regex = re.compile(regex_pattern)
        self.group_select = group_select
        self.fallback = fallback
        self.ignore_case = ignore_case
        self.ignore_punctuation = ignore_punctuation
        self.regexes_to_ignore = list(regexes_to_ignore or [])

    def normalize(self, text: str) -> str:
        for pattern in self.regexes_to_ignore:
            text = re.sub(pattern, "", text)
        if self.ignore_case:
            text = text.lower()
        if self.ignore_punctuation:
            text = text.translate(_punctuation_table())
        return text

    def find(self, regex: re.Pattern, text: str, mapping: dict[str, str] | None = None) -> Any:
        """The ``group_select``-th match (first non-empty group), stripped and mapped; falsy if none."""
        matches = regex.findall(text)
        if not matches:
            return matches
        match = matches[self.group_select]
        if isinstance(match, tuple):
            match = next((m for m in match if m), "")
        match = match.strip()
        if match and mapping and match in mapping:
            match = mapping[match]
        return match

    def apply(self, resps: Iterable[list[str]], docs: Iterable[dict]) -> list[list[str]]:
        return [[self.extract(resp, doc) for resp in group] for group, doc in zip(resps, docs, strict=True)]

    def extract(self, resp: str, doc: dict) -> str:  # pragma: no cover - abstract
        raise NotImplementedError


class MultipleChoice(_Extractor):
    """``(X)`` labels, else an option's text, else ``: X``."""

    _OPTIONS = re.compile(r"\([A-Z]\)([^\n^(]*)")

    def extract(self, resp: str, doc: dict) -> str:
        by_text: dict[str, str] = {}
        by_letter: dict[str, str] = {}
        texts: list[str] = []
        for i, option in enumerate(self._OPTIONS.findall(doc["input"])):
            letter = chr(ord("A") + i)
            option = self.normalize(option.strip())
            texts.append(re.escape(option))
            by_text[option] = f"({letter})"
            by_letter[letter] = f"({letter})"
        # longest first, so an option that is a prefix of another cannot shadow it
        text_regex = re.compile("|".join(sorted(texts, key=len, reverse=True)))
        letter_regex = re.compile(rf":[\s]*({'|'.join(by_letter)})")
        match = self.find(self.regex, resp)
        if not match:
            match = self.find(text_regex, self.normalize(resp), by_text)
            if not match:
                match = self.find(letter_regex, resp, by_letter)
        return match or self.fallback


class MapRegex(_Extractor):
    """Patterns tried in order; the first that matches gives its mapped value."""

    def __init__(self, regex_pattern_to_value: dict[str, str] | None = None,
                 group_select: int = 0, fallback: str = FALLBACK, ignore_case: bool = False,
                 ignore_punctuation: bool = False,
                 regexes_to_ignore: Sequence[str] | None = None) -> None:
        mapping = dict(regex_pattern_to_value or {})
        super().__init__("|".join(mapping), group_select, fallback, ignore_case,
                         ignore_punctuation, regexes_to_ignore)
        self.patterns = [(re.compile(p), v) for p, v in mapping.items()]

    def extract(self, resp: str, doc: dict) -> str:
        whole = self.find(self.regex, self.normalize(resp))
        if not whole:
            return self.fallback
        for regex, value in self.patterns:
            if self.find(regex, self.normalize(whole)):
                return value
        return self.fallback


_NUM = ("zero|one|two|three|four|five|(?:twen|thir|for|fif|six|seven|nine)(?:teen|ty)|eight(?:een|y)"
        "|ten|eleven|twelve|fourteen|hundred|thousand|(?:m|b|tr)illion")
_NUM_INNER = ("zero|one|two|three|four|five|(?:twen|thir|for|fif|six|seven|nine)(?:|teen|ty)"
              "|eight(?:een|y)|ten|eleven|twelve|fourteen|hundred|thousand|(?:m|b|tr)illion"
              r"|[^\S\r\n]|,|and|&")
_NUM_HEAD = ("zero|one|two|three|four|five|(?:twen|thir|for|fif|six|seven|nine)(?:teen|ty)"
             "|eight(?:|een|y)|ten|eleven|twelve|fourteen|hundred|thousand|(?:m|b|tr)illion")
ENGLISH_NUMBER = re.compile(f"((?:(?:{_NUM_HEAD})(?:{_NUM_INNER})+)?(?:{_NUM}))")

_WORD_VALUES = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
    "million": 1_000_000, "billion": 1_000_000_000,
}
_DIGIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


def _combine(words: list[str]) -> int:
    """Value of a run of number words below a thousand-multiplier (the word2number rules)."""
    v = [_WORD_VALUES[w] for w in words]
    if len(v) == 4:
        return v[0] * v[1] + v[2] + v[3]
    if len(v) == 3:
        return v[0] * v[1] + v[2]
    if len(v) == 2:
        return v[0] * v[1] if 100 in v else v[0] + v[1]
    return v[0]  # one word (or an unusual run: its first word, as word2number does)


def words_to_number(text: str) -> int | float:
    """English number words to a number, as ``word2number.w2n.word_to_num``; ValueError if none."""
    text = text.replace("-", " ").lower()
    if text.isdigit():
        return int(text)
    words = [w for w in text.strip().split() if w in _WORD_VALUES or w == "point"]
    if not words:
        raise ValueError(f"no number words in {text!r}")
    if any(words.count(w) > 1 for w in ("thousand", "million", "billion", "point")):
        raise ValueError(f"repeated multiplier in {text!r}")
    decimals: list[str] = []
    if "point" in words:
        at = words.index("point")
        words, decimals = words[:at], words[at + 1:]
    pos = {w: (words.index(w) if w in words else -1) for w in ("billion", "million", "thousand")}
    b, m, t = pos["billion"], pos["million"], pos["thousand"]
    if (t > -1 and (t < m or t < b)) or (m > -1 and m < b):
        raise ValueError(f"malformed number {text!r}")
    total: int | float = 0
    if len(words) == 1:
        total = _WORD_VALUES[words[0]]
    elif words:
        if b > -1:
            total += _combine(words[:b]) * 1_000_000_000
        if m > -1:
            total += _combine(words[b + 1 if b > -1 else 0:m]) * 1_000_000
        if t > -1:
            start = m + 1 if m > -1 else (b + 1 if b > -1 else 0)
            total += _combine(words[start:t]) * 1000
        # the rest after the first multiplier (thousand, million, billion) that is not the
        # last word -- word2number's rule, quirks included
        end = len(words) - 1
        rest = next((i for i in (t, m, b) if i > -1 and i != end), None)
        if rest is not None:
            total += _combine(words[rest + 1:])
        elif t == m == b == -1:
            total += _combine(words)
    if decimals:
        if all(w in _DIGIT_WORDS for w in decimals):
            total += float("0." + "".join(str(_WORD_VALUES[w]) for w in decimals))
    return total


class NumberParse(_Extractor):
    """A number in digits (the pattern), else English number words converted to digits."""

    def extract(self, resp: str, doc: dict) -> str:
        match = self.find(self.regex, resp)
        if not match:
            match = self.find(ENGLISH_NUMBER, resp.lower())
            if match:
                try:
                    match = str(words_to_number(match))
                except (ValueError, IndexError):
                    match = ""
        return match or self.fallback


class WordSort:
    """The words of the question's ``List:``, in the order of their last use in the answer."""

    def apply(self, resps: Iterable[list[str]], docs: Iterable[dict]) -> list[list[str]]:
        out = []
        for group, doc in zip(resps, docs, strict=True):
            words = doc["input"].split("List:")[1].strip().split()
            regex = re.compile("|".join(rf"\b{re.escape(w)}\b" for w in words))
            sorted_group = []
            for resp in group:
                last_seen: dict[str, None] = {}
                for word in reversed(regex.findall(resp)):
                    last_seen.setdefault(word, None)
                sorted_group.append(" ".join(reversed(list(last_seen))))
            out.append(sorted_group)
        return out


FILTERS = {
    "bbh_multiple_choice": MultipleChoice,
    "bbh_map_regex": MapRegex,
    "bbh_number": NumberParse,
    "bbh_word_sort": WordSort,
}
