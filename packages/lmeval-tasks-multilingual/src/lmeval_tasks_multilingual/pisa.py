"""PISA-Bench (PisaBench/pisa-bench): PISA test items with an image, in six languages, answered
by generation. The answer letter is parsed as lm-eval 0.4.13 parses it (MMMU's rules: a
bracketed letter, a bare letter, a letter with a period, else an option's text in a long answer,
the last one mentioned winning); an answer with none of these gets a letter drawn from Python's
global random stream, which the run seeds. lm-eval draws from it too, but also on every read of a
task's name, so such guesses are not lm-eval's draw for draw (README).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Mapping, Sequence
from typing import Any


def options(doc: Mapping[str, Any]) -> list[str]:
    """The ``choices`` column, a list or the string of one."""
    return list(ast.literal_eval(f"{doc['choices']}"))


def choice_info(opts: Sequence[str]) -> tuple[dict[str, str], list[str]]:
    letters = [chr(ord("A") + i) for i in range(len(opts))]
    return dict(zip(letters, opts, strict=True)), letters


def doc_to_text(doc: Mapping[str, Any]) -> str:
    listed = "\n".join(f"{letter}. {option}" for letter, option in zip(choice_info(options(doc))[1], options(doc),
                                                                       strict=True))
    return f"Given the provided image <image>, answer following questions:\n{doc['question']}\n{listed}\n\n"


def doc_to_visual(doc: Mapping[str, Any]) -> list[Any] | None:
    return None if doc["image"] is None else [doc["image"]]


def parse_multi_choice_response(response: str, letters: list[str], index2ans: Mapping[str, str]) -> str:
    for char in [",", ".", "!", "?", ";", ":", "'"]:
        response = response.strip(char)
    response = f" {response} "
    by_letter, bracketed = True, False
    candidates = [c for c in letters if f"({c})" in response]
    if candidates:
        bracketed = True
    if not candidates:
        candidates = [c for c in letters if f"{c} " in response]
    if not candidates:
        candidates = [c for c in letters if f"{c}." in response]
    if not candidates and len(response.split()) > 5:
        candidates = [k for k, ans in index2ans.items() if ans.lower() in response.lower()]
        by_letter = False
    if not candidates:
        return random.choice(letters)
    if len(candidates) == 1:
        return candidates[0]
    if by_letter:
        marks = [response.rfind(f"({c})" if bracketed else f" {c} ") for c in candidates]
    else:
        marks = [response.lower().rfind(index2ans[c].lower()) for c in candidates]
    return candidates[marks.index(max(marks))]


def process_results(doc: Mapping[str, Any], results: Sequence[str]) -> dict[str, float]:
    """acc: whether the parsed letter is the gold answer's."""
    index2ans, letters = choice_info(options(doc))
    parsed = parse_multi_choice_response(results[0], letters, index2ans)
    return {"acc": float(letters.index(parsed) == doc["answer"])}
