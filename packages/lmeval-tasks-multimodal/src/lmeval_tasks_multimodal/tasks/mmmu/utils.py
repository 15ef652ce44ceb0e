"""MMMU's prompts, images and answer parsing, with lm-eval 0.4.13's behaviour.

The prompt formats are those of MMMU's LLaVA-1.5 evaluation config; the parsing and scoring
follow MMMU's own ``eval/utils`` (a multiple-choice answer is a letter found in the response,
else an option's text in a long response; an open answer is the tail after a key phrase, and the
numbers in it). When no letter can be found, MMMU guesses: the guess comes from a random stream
seeded with 42 once per process and drawn in document order, as lm-eval's module-level
``random.seed(42)`` does (lmeval keeps the stream private instead of reseeding the global one).
"""

from __future__ import annotations

import ast
import random
import re
from typing import Any

MULTI_CHOICE_PROMPT = "{}\n\n{}\n\nAnswer with the option's letter from the given choices directly."
SHORT_ANSWER_PROMPT = "{}\n\nAnswer the question using a single word or phrase."
LETTERS = "ABCDEFGHI"
_IMAGE_REF = re.compile(r"<image [1-7]>")
_GUESSES = random.Random(42)


def _prompt(doc: dict[str, Any]) -> str:
    """The question (and lettered options) with MMMU's ``<image i>`` references kept."""
    if doc["question_type"] == "multiple-choice":
        options = ast.literal_eval(doc["options"])
        listed = "\n".join(f"({chr(ord('A') + i)}) {option}" for i, option in enumerate(options))
        return MULTI_CHOICE_PROMPT.format(doc["question"], listed)
    return SHORT_ANSWER_PROMPT.format(doc["question"])


def doc_to_image(doc: dict[str, Any]) -> list[Any]:
    """The images in the order the prompt refers to them (a reference may repeat)."""
    return [doc[ref.strip("<>").replace(" ", "_")] for ref in _IMAGE_REF.findall(_prompt(doc))]


def doc_to_text(doc: dict[str, Any]) -> str:
    """The prompt, each ``<image i>`` (i = 1..7) made the ``<image>`` placeholder."""
    prompt = _prompt(doc)
    for i in range(1, 8):
        prompt = prompt.replace(f"<image {i}>", "<image>")
    return prompt


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    if doc["question_type"] == "multiple-choice":
        options = ast.literal_eval(doc["options"])
        letters = list(LETTERS[:len(options)])
        by_letter = dict(zip(LETTERS, options, strict=False))
        correct = eval_multi_choice(doc["answer"], parse_multi_choice_response(
            results[0], letters, by_letter))
    else:
        correct = eval_open(doc["answer"], parse_open_response(results[0]))
    return {"acc": float(correct)}


# -- multiple choice ------------------------------------------------------------------------------
def parse_multi_choice_response(response: str, all_choices: list[str],
                                index2ans: dict[str, str]) -> str:
    """The letter the response picks: ``(A)``, else `` A ``, else (long responses) an option's
    text; the last one mentioned when several are; a seeded guess when none is."""
    for char in ",.!?;:'":
        response = response.strip(char)
    response = f" {response} "
    by_letter = True
    bracketed = [c for c in all_choices if f"({c})" in response]
    candidates = bracketed or [c for c in all_choices if f" {c} " in response]
    if not candidates and len(response.split()) > 5:
        candidates = [letter for letter, text in index2ans.items()
                      if text.lower() in response.lower()]
        by_letter = not candidates
    if not candidates:
        return _GUESSES.choice(all_choices)
    if len(candidates) == 1:
        return candidates[0]
    if not by_letter:
        positions = [response.lower().rfind(index2ans[c].lower()) for c in candidates]
    elif bracketed:
        positions = [response.rfind(f"({c})") for c in candidates]
    else:
        positions = [response.rfind(f" {c} ") for c in candidates]
    return candidates[max(range(len(positions)), key=positions.__getitem__)]


def eval_multi_choice(gold: str | list[str], pred: str) -> bool:
    return pred in gold if isinstance(gold, list) else gold == pred


# -- open answers ---------------------------------------------------------------------------------
_KEY_PHRASES = ("could be ", "so ", "is ", "thus ", "therefore ", "final ", "answer ", "result ")
_TRIVIAL = {":", ",", ".", "!", "?", ";", "'"}


def _key_responses(response: str) -> list[str]:
    """For each sentence, the shortest tail after a key phrase (``=`` too in the last one)."""
    response = response.strip().strip(".").lower()
    sentences = re.split(r"\.\s(?=[A-Z])|\n", response)
    found = []
    for index, sentence in enumerate(sentences):
        phrases = _KEY_PHRASES + (("=",) if index == len(sentences) - 1 else ())
        shortest = None
        for phrase in phrases:
            if phrase in sentence:
                tail = sentence.split(phrase)[-1].strip()
                if not shortest or len(tail) < len(shortest):
                    shortest = tail
        if shortest and shortest.strip() not in _TRIVIAL:
            found.append(shortest)
    return found or [response]


def check_is_number(text: str) -> bool:
    try:
        float(text.replace(",", ""))
    except ValueError:
        return False
    return True


def normalize_str(text: str) -> list[Any]:
    """A number rounded to 2 places, or the lower-cased text (a single character padded with a
    space on either side, to avoid trivial matches)."""
    text = text.strip()
    if check_is_number(text):
        return [round(float(text.replace(",", "")), 2)]
    text = text.lower()
    return [" " + text, text + " "] if len(text) == 1 else [text]


def extract_numbers(text: str) -> list[str]:
    """Numbers with thousands commas, then in scientific notation, then plain ones."""
    with_commas = re.findall(r"-?\b\d{1,3}(?:,\d{3})+\b", text)
    scientific = re.findall(r"-?\d+(?:\.\d+)?[eE][+-]?\d+", text)
    simple = re.findall(r"-?(?:\d+\.\d+|\.\d+|\d+\b)(?![eE][+-]?\d+)(?![,\d])", text)
    return with_commas + scientific + simple


def parse_open_response(response: str) -> list[Any]:
    """The normalized candidate answers of a free-form response (a list without duplicates)."""
    keys = _key_responses(response)
    candidates = list(keys)
    for key in keys:
        candidates.extend(extract_numbers(key))
    normalized = [value for candidate in candidates for value in normalize_str(candidate)]
    return list(set(normalized))


def eval_open(gold: str | list[str], preds: list[Any]) -> bool:
    """A text prediction contains a gold text, or a number equals a gold number."""
    golds = [v for g in gold for v in normalize_str(g)] if isinstance(gold, list) else normalize_str(gold)
    for pred in preds:
        if isinstance(pred, str):
            if any(isinstance(g, str) and g in pred for g in golds):
                return True
        elif pred in golds:
            return True
    return False
