"""Equivalence of two MATH answers by string normalisation (Hendrycks et al., 2021), as
lm-eval 0.4.13's ``hendrycks_math`` decides it.

Both answers lose line breaks, ``\\!``, ``\\left``/``\\right``, degree marks, ``\\$``, a unit
after ``\\text{ ``, percent signs and spaces; ``tfrac``/``dfrac`` become ``frac``, ``\\\\``
becomes ``\\``; a leading ``.`` gets its ``0``; a short ``k =`` prefix goes; ``\\frac12`` and
``\\sqrt3`` get braces; ``0.5`` and an integer ``a/b`` become ``\\frac{a}{b}``. Where a rule
cannot apply (two ``\\text{ `` units, a ``\\sqrt`` or ``\\frac`` with nothing after it, a
``/`` between non-integers) the raw strings are compared instead.
"""

from __future__ import annotations


class _Unnormalisable(Exception):
    """A rule met an answer it cannot rewrite: the caller compares the raw strings."""


def _fix_fracs(text: str) -> str:
    head, *parts = text.split("\\frac")
    out = head
    for part in parts:
        out += "\\frac"
        if not part:
            raise _Unnormalisable("\\frac at the end")
        if part[0] == "{":
            out += part
            continue
        if len(part) < 2:
            return text
        first, second, rest = part[0], part[1], part[2:]
        out += "{" + first + "}" + (second + rest if second == "{" else "{" + second + "}" + rest)
    return out


def _fix_a_slash_b(text: str) -> str:
    pieces = text.split("/")
    if len(pieces) != 2:
        return text
    try:
        a, b = int(pieces[0]), int(pieces[1])
    except ValueError:
        raise _Unnormalisable("a/b of non-integers") from None
    if text != f"{a}/{b}":
        return text
    return "\\frac{" + str(a) + "}{" + str(b) + "}"


def _drop_right_units(text: str) -> str:
    if "\\text{ " not in text:
        return text
    pieces = text.split("\\text{ ")
    if len(pieces) != 2:
        raise _Unnormalisable("several \\text{ units")
    return pieces[0]


def _fix_sqrt(text: str) -> str:
    head, *parts = text.split("\\sqrt")
    out = head
    for part in parts:
        if not part:
            raise _Unnormalisable("\\sqrt at the end")
        out += "\\sqrt" + (part if part[0] == "{" else "{" + part[0] + "}" + part[1:])
    return out


def normalize(text: str) -> str:
    """``text`` in the MATH dataset's normal form; :class:`_Unnormalisable` where a rule fails."""
    for old, new in (("\n", ""), ("\\!", ""), ("\\\\", "\\"), ("tfrac", "frac"), ("dfrac", "frac"),
                     ("\\left", ""), ("\\right", ""), ("^{\\circ}", ""), ("^\\circ", ""),
                     ("\\$", "")):
        text = text.replace(old, new)
    text = _drop_right_units(text)
    text = text.replace("\\%", "").replace(" .", " 0.").replace("{.", "{0.")
    if not text:
        return text
    if text[0] == ".":
        text = "0" + text
    sides = text.split("=")
    if len(sides) == 2 and len(sides[0]) <= 2:
        text = sides[1]
    text = _fix_sqrt(text).replace(" ", "")
    text = _fix_fracs(text)
    if text == "0.5":
        text = "\\frac{1}{2}"
    return _fix_a_slash_b(text)


def equivalent(answer: str | None, gold: str | None) -> bool:
    """Whether two answers have the same normal form (the raw strings where one has none)."""
    if answer is None or gold is None:
        return answer is None and gold is None
    try:
        return normalize(answer) == normalize(gold)
    except _Unnormalisable:
        return answer == gold


def dollar_answer(generation: str) -> str:
    """What a generation answers: the text between its first and last ``$``, else all of it."""
    first, last = generation.find("$"), generation.rfind("$")
    return generation if first == last else generation[first + 1:last]
