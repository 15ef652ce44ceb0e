"""IFEval's 25 verifiable instructions, each checked as lm-eval 0.4.13 checks it.

Every instruction kind is a factory: called once per instruction of a prompt with the
document's arguments for it (``None`` and other false values already dropped, as lm-eval drops
them), it returns the check of one response. An argument the document leaves out is drawn at
random, as lm-eval's ``build_description`` draws it (the published datasets give every one).
Patterns the dataset supplies (keywords, section splitters) are regular expressions, as there.
"""

from __future__ import annotations

import collections
import json
import logging
import random
import re
import string
from collections.abc import Callable, Sequence

from .libraries import langdetect
from .text import LANGUAGE_CODES, count_sentences, count_words, word_tokens

Check = Callable[[str], bool]
log = logging.getLogger(__name__)

RELATIONS = ("less than", "at least")
_CONSTRAINED_RESPONSES = ("My answer is yes.", "My answer is no.", "My answer is maybe.")
_ENDINGS = ("Any other questions?", "Is there anything else I can help with?")
_SECTION_SPLITTERS = ("Section", "SECTION")
_POSTSCRIPT_MARKERS = ("P.S.", "P.P.S")
# words lm-eval draws a keyword from when a document gives none (a sample of its WORD_LIST)
_KEYWORD_POOL = ("western", "sentence", "signal", "dump", "spot", "opposite", "bottom", "potato")


def _count(value: int | None, low: int, high: int) -> int:
    return random.randint(low, high) if value is None or value < 0 else value


def _relation(value: str | None) -> str:
    if value is None:
        return random.choice(RELATIONS)
    if value not in RELATIONS:
        raise ValueError(f"The supported relation for comparison must be in {RELATIONS}, but {value} is given.")
    return value


def _compare(actual: int, relation: str, threshold: int) -> bool:
    return actual < threshold if relation == RELATIONS[0] else actual >= threshold


def _stripped(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


def _detect(text: str, wanted: str) -> bool:
    """langdetect's verdict; text it cannot classify counts as followed, as in lm-eval."""
    try:
        return langdetect.detect(text) == wanted
    except langdetect.LangDetectException as exc:
        log.error("Unable to detect language for text %s due to %s", text, exc)
        return True


# keywords:*

def keyword_existence(*, keywords: Sequence[str] | None = None) -> Check:
    words = sorted(keywords or random.sample(_KEYWORD_POOL, k=2))
    return lambda r: all(re.search(w, r, flags=re.IGNORECASE) for w in words)


def keyword_frequency(*, keyword: str | None = None, frequency: int | None = None,
                      relation: str | None = None) -> Check:
    word = keyword.strip() if keyword else random.choice(_KEYWORD_POOL)
    times, rel = _count(frequency, 1, 3), _relation(relation)
    return lambda r: _compare(len(re.findall(word, r, flags=re.IGNORECASE)), rel, times)


def forbidden_words(*, forbidden_words: Sequence[str] | None = None) -> Check:
    words = sorted(set(forbidden_words or random.sample(_KEYWORD_POOL, k=2)))
    return lambda r: not any(re.search(r"\b" + w + r"\b", r, flags=re.IGNORECASE) for w in words)


def letter_frequency(*, letter: str | None = None, let_frequency: int | None = None,
                     let_relation: str | None = None) -> Check:
    if not letter or len(letter) > 1 or not 97 <= ord(letter.lower()) <= 122:
        letter = random.choice(string.ascii_letters)
    wanted = letter.strip().lower()
    times, rel = _count(let_frequency, 1, 10), _relation(let_relation)
    return lambda r: _compare(collections.Counter(r.lower())[wanted], rel, times)


# language:*

def response_language(*, language: str | None = None) -> Check:
    code = language if language is not None else random.choice(list(LANGUAGE_CODES))
    return lambda r: _detect(r, code)


# length_constraints:*

def number_sentences(*, num_sentences: int | None = None, relation: str | None = None) -> Check:
    threshold, rel = _count(num_sentences, 1, 20), _relation(relation)
    return lambda r: _compare(count_sentences(r), rel, threshold)


def number_paragraphs(*, num_paragraphs: int | None = None) -> Check:
    wanted = _count(num_paragraphs, 1, 5)

    def check(response: str) -> bool:
        parts = re.split(r"\s?\*\*\*\s?", response)
        found = len(parts)
        for i, part in enumerate(parts):
            if not part.strip():
                if i not in (0, len(parts) - 1):
                    return False  # an empty paragraph between two dividers
                found -= 1
        return found == wanted
    return check


def number_words(*, num_words: int | None = None, relation: str | None = None) -> Check:
    threshold, rel = _count(num_words, 100, 500), _relation(relation)
    return lambda r: _compare(count_words(r), rel, threshold)


def nth_paragraph_first_word(*, num_paragraphs: int | None = None, nth_paragraph: int | None = None,
                             first_word: str | None = None) -> Check:
    wanted = _count(num_paragraphs, 1, 5)
    nth = nth_paragraph
    if nth is None or nth <= 0 or nth > wanted:
        nth = random.randint(1, wanted + 1)
    word = (first_word if first_word is not None else random.choice(_KEYWORD_POOL)).lower()

    def check(response: str) -> bool:
        parts = re.split(r"\n\n", response)
        found = len(parts) - sum(1 for p in parts if not p.strip())
        if nth > found:
            return False
        paragraph = parts[nth - 1].strip()
        if not paragraph:
            return False
        head = paragraph.split()[0].strip().lstrip("'").lstrip('"')
        first = ""
        for ch in head:
            if ch in {".", ",", "?", "!", "'", '"'}:
                break
            first += ch.lower()
        return found == wanted and first == word
    return check


# detectable_content:*

def number_placeholders(*, num_placeholders: int | None = None) -> Check:
    wanted = _count(num_placeholders, 1, 4)
    return lambda r: len(re.findall(r"\[.*?\]", r)) >= wanted


def postscript(*, postscript_marker: str | None = None) -> Check:
    marker = _stripped(postscript_marker)
    if marker is None:
        marker = random.choice(_POSTSCRIPT_MARKERS)
    if marker == "P.P.S":
        pattern = r"\s*p\.\s?p\.\s?s.*$"
    elif marker == "P.S.":
        pattern = r"\s*p\.\s?s\..*$"
    else:
        pattern = r"\s*" + marker.lower() + r".*$"
    return lambda r: bool(re.findall(pattern, r.lower(), flags=re.MULTILINE))


# detectable_format:*

def number_bullet_lists(*, num_bullets: int | None = None) -> Check:
    wanted = _count(num_bullets, 1, 5)

    def check(response: str) -> bool:
        stars = re.findall(r"^\s*\*[^\*].*$", response, flags=re.MULTILINE)
        dashes = re.findall(r"^\s*-.*$", response, flags=re.MULTILINE)
        return len(stars) + len(dashes) == wanted
    return check


def constrained_response() -> Check:
    return lambda r: any(option in r.strip() for option in _CONSTRAINED_RESPONSES)


def number_highlighted_sections(*, num_highlights: int | None = None) -> Check:
    wanted = _count(num_highlights, 1, 4)

    def check(response: str) -> bool:
        single = [h for h in re.findall(r"\*[^\n\*]*\*", response) if h.strip("*").strip()]
        double = [h for h in re.findall(r"\*\*[^\n\*]*\*\*", response)
                  if h.removeprefix("**").removesuffix("**").strip()]
        return len(single) + len(double) >= wanted
    return check


def multiple_sections(*, section_spliter: str | None = None, num_sections: int | None = None) -> Check:
    splitter = _stripped(section_spliter)
    if splitter is None:
        splitter = random.choice(_SECTION_SPLITTERS)
    wanted = _count(num_sections, 1, 5)
    pattern = r"\s?" + splitter + r"\s?\d+\s?"
    return lambda r: len(re.split(pattern, r)) - 1 >= wanted


def json_format() -> Check:
    def check(response: str) -> bool:
        body = (response.strip().removeprefix("```json").removeprefix("```Json")
                .removeprefix("```JSON").removeprefix("```").removesuffix("```").strip())
        try:
            json.loads(body)
        except (ValueError, RecursionError):  # RecursionError: lm-eval stops the run instead
            return False
        return True
    return check


def title() -> Check:
    return lambda r: any(t.lstrip("<").rstrip(">").strip() for t in re.findall(r"<<[^\n]+>>", r))


# combination:*

def two_responses() -> Check:
    def check(response: str) -> bool:
        parts = response.split("******")
        answers = []
        for i, part in enumerate(parts):
            if part.strip():
                answers.append(part)
            elif i not in (0, len(parts) - 1):
                return False
        return len(answers) == 2 and answers[0].strip() != answers[1].strip()
    return check


def repeat_prompt(*, prompt_to_repeat: str | None = None) -> Check:
    if not prompt_to_repeat:
        raise ValueError("prompt_to_repeat must be set.")
    head = prompt_to_repeat.strip().lower()
    return lambda r: r.strip().lower().startswith(head)


# startend:*

def end_checker(*, end_phrase: str | None = None) -> Check:
    phrase = _stripped(end_phrase)
    if phrase is None:
        phrase = random.choice(_ENDINGS)
    ending = phrase.strip().lower()
    return lambda r: r.strip().strip('"').lower().endswith(ending)


def quotation() -> Check:
    def check(response: str) -> bool:
        body = response.strip()
        return len(body) > 1 and body[0] == '"' and body[-1] == '"'
    return check


# change_case:*

def capital_word_frequency(*, capital_frequency: int | None = None,
                           capital_relation: str | None = None) -> Check:
    times = random.randint(1, 20) if capital_frequency is None else capital_frequency
    rel = _relation(capital_relation)
    return lambda r: _compare(sum(1 for w in word_tokens(r) if w.isupper()), rel, times)


def english_capital() -> Check:
    return lambda r: r.isupper() and _detect(r, "en")


def english_lowercase() -> Check:
    return lambda r: r.islower() and _detect(r, "en")


# punctuation:*

def no_comma() -> Check:
    return lambda r: "," not in r


#: instruction id -> factory, lm-eval 0.4.13's ``INSTRUCTION_DICT``
INSTRUCTIONS: dict[str, Callable[..., Check]] = {
    "keywords:existence": keyword_existence,
    "keywords:frequency": keyword_frequency,
    "keywords:forbidden_words": forbidden_words,
    "keywords:letter_frequency": letter_frequency,
    "language:response_language": response_language,
    "length_constraints:number_sentences": number_sentences,
    "length_constraints:number_paragraphs": number_paragraphs,
    "length_constraints:number_words": number_words,
    "length_constraints:nth_paragraph_first_word": nth_paragraph_first_word,
    "detectable_content:number_placeholders": number_placeholders,
    "detectable_content:postscript": postscript,
    "detectable_format:number_bullet_lists": number_bullet_lists,
    "detectable_format:constrained_response": constrained_response,
    "detectable_format:number_highlighted_sections": number_highlighted_sections,
    "detectable_format:multiple_sections": multiple_sections,
    "detectable_format:json_format": json_format,
    "detectable_format:title": title,
    "combination:two_responses": two_responses,
    "combination:repeat_prompt": repeat_prompt,
    "startend:end_checker": end_checker,
    "change_case:capital_word_frequency": capital_word_frequency,
    "change_case:english_capital": english_capital,
    "change_case:english_lowercase": english_lowercase,
    "punctuation:no_comma": no_comma,
    "startend:quotation": quotation,
}
