"""LingOly (``lingoly_context``, ``lingoly_nocontext``): JSON answers to the fixture sheets' parts
(right, one of a list of acceptable answers, wrong case and a final stop, a ``+``), Python-dict
quoting, an answer cut at the stop sequence ``}\\n``, one the JSON reader refuses (the per-key
pattern reads it), and no JSON at all."""

from __future__ import annotations

LINGOLY = (' {"a": "The big house", "b": "the small dog"}\n', " {'a': 'the big house.', 'b': 'small dog'}",
           ' {"c": "tolu kei", "d": ""}\nmore', ' "a": "the big house", "b": "a small dog"}', " {'c': 'tolu+ kei.', 'd': x}",
           " I cannot read this script.", "")


def generations(text: str) -> tuple[str, ...] | None:
    return LINGOLY if "Below is a problem sheet from a lingusitics exam." in text else None
