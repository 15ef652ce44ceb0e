"""XQuAD, MLQA and TyDiQA-GoldP (``xquad_*``, ``mlqa_*``, ``tydiqa_goldp_*``): the multilingual
pack's fixture contexts quote their answer between « and »; answer it exactly, with an article and
punctuation, by its last word, with a newline after it, or wrongly."""

from __future__ import annotations

import json
import re

_QUOTED = re.compile(r"«([^»]+)»")


def generations(text: str) -> tuple[str, ...] | None:
    try:
        prompt = json.loads(text)
    except ValueError:
        return None
    if not isinstance(prompt, str) or not prompt.rstrip().endswith(":"):
        return None
    quoted = _QUOTED.findall(prompt)
    if not quoted:
        return None
    answer = quoted[-1]
    return (f" {answer}", f" The {answer}!", f" {answer.split()[-1]}", f" {answer}\nmore text",
            " something else", "")
