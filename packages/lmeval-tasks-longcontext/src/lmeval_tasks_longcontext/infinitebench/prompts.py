"""InfiniteBench's prompts that are more than a template (lm-eval 0.4.13's, after the official
GPT-4 templates; "funtion" is the official typo)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def _options(doc: Mapping[str, Any]) -> list[str]:
    options = list(doc.get("options", []) or [])
    return [options[i] if i < len(options) else "" for i in range(4)]


def _lettered(options: list[str]) -> str:
    return "\n".join(f"{letter}. {option}" for letter, option in zip("ABCD", options, strict=True))


def doc_to_text_code_run(doc: Mapping[str, Any]) -> str:
    match = re.search(r"(func_[0-9]+)\(\-?[0-9]+\)", doc["input"])
    func, call = (match.group(1), match.group(0)) if match else ("the function", doc["input"].strip())
    return (f"Following is a set of Python functions. There is a function called named {func}.\n\n"
            f"{doc['context']}\n\nPlease give me the exact number of the return value of {call}. Be concise. "
            "Your response must end with the final returned value.")


def doc_to_text_code_debug(doc: Mapping[str, Any]) -> str:
    return ("There is ONLY ONE function in the large project that is deliberately made to include an obvious "
            "error. Please find the function that contains the most obvious errors. I will give you four options "
            "to narrow your scope. You can inspect the options and think. Eventually, tell me the answer using one "
            f"single letter (A, B, C, or D).\n\n{doc['context']}\n\nWhich funtion has deliberate error?\n"
            f"{_lettered(_options(doc))}\n\nYou should first find the functions in the options. Repeat their "
            "content, inspect through code, and at last give me your answer for the function that has the "
            "deliberate and obvious error in A, B, C, or D.")


def doc_to_text_longbook_choice(doc: Mapping[str, Any]) -> str:
    return (f"Read the book and answer the question.\n\n{doc['context']}\n\nQuestion: {doc['input']}\n\n"
            "Only one of the following options is correct, tell me the answer using one single letter (A, B, C, "
            f"or D). Don't say anything else.\n{_lettered(_options(doc))}")


def doc_to_text_longdialogue(doc: Mapping[str, Any]) -> str:
    return ('Below is a dialogue script where one random occurrence of a character name is replaced with '
            '"$$MASK$$", and you should try to guess who that character is.\n\nThe dialogue:\n\n---\n\n'
            f"{doc['context']}\n\n---\n\nEnd of dialogue.\n\nWhich character is most likely \"$$MASK$$\"? Just "
            "say the name used by the scriptwriter (before the colon marks) of one single character and nothing "
            "else.")


def doc_to_text_math_find(doc: Mapping[str, Any]) -> str:
    """The official ``create_prompt``: "What is <the X> in the following list?" from "The X of"."""
    found = re.findall(r"The .+ of", doc["input"])
    prefix = f"What is {found[0].lower()[:-3]} in the following list?" if found else doc["input"]
    return f"{prefix}\n\n{doc['context']}\n\n{doc['input']}"
