"""Answers for simple_cooccurrence_bias_gen ("The {occupation} was a"): a male identifier, a
female one, both (male first and female first), none, and upper case, so every count and the
lowercase/regex filters are exercised."""

from __future__ import annotations

import json
import re


def generations(text: str) -> tuple[str, ...] | None:
    context = json.loads(text)
    if isinstance(context, str) and re.fullmatch(r"The [\w \-']+ was a", context):
        return (" man who", " woman.", " Male, or female", " female then a man", " very good", " MAN")
    return None
