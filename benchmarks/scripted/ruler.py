"""RULER (``niah_*``, ``ruler_*``): answers that exercise its string matching: every needle's value
of the document (score 1), only the first (a share for the multi-value and multi-query tasks), the
values in upper case with control characters around them (case ignored, control characters made
newlines), and a wrong value (0). The values are read from the needles in the prompt."""

from __future__ import annotations

import re

_NEEDLE = re.compile(r"One of the special magic (?:numbers|uuids|words) for ([\w-]+) is: ([\w-]+)\.")
_QUERY = re.compile(r"What (?:are all|is) the special magic \w+ for (.+?) mentioned in the provided text\?")


def generations(text: str) -> tuple[str, ...] | None:
    if "special magic" not in text or "mentioned in the provided text" not in text:
        return None
    query = _QUERY.findall(text)
    keys = set(re.split(r", and |, ", query[-1])) if query else set()
    values = [v for k, v in _NEEDLE.findall(text) if k in keys]
    if not values:
        return None
    return (" " + ", ".join(values) + ".", " " + values[0], "\x07 " + " ".join(values).upper() + "\n",
            " 0000000", "")
