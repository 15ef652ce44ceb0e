"""The Minerva answer: extracted from ``Final Answer: The final answer is X. I hope it is
correct.`` and normalised as in appendix D of Lewkowycz et al. (2022).

Two normalisations are kept, because lm-eval 0.4.13 has both: :func:`normalize` is its
``minerva_math`` revision (unit words removed only as whole words and never inside a LaTeX
command, ``\\sqrt[3]a`` kept whole, commas dropped only as thousands separators);
:func:`normalize_original` is the appendix's, which the Open LLM Leaderboard's
``leaderboard_math_*_hard`` keep frozen.
"""

from __future__ import annotations

import re

INVALID = "[invalidanswer]"

_FINAL = re.compile(r"Final Answer: The final answer is(.*?). I hope it is correct.")

#: (old, new) replacements, in order
_SUBSTITUTIONS = (
    ("an ", ""), ("a ", ""), (".$", "$"), ("\\$", ""), ("\\ ", ""), (" ", ""), ("mbox", "text"),
    (",\\text{and}", ","), ("\\text{and}", ","), ("\\text{m}", "\\text{}"),
)
#: units and decorations deleted, in order (the words are whole words in :func:`normalize`)
_REMOVED = (
    "square", "ways", "integers", "dollars", "mph", "inches", "ft", "hours", "km", "units",
    "\\ldots", "sue", "points", "feet", "minutes", "digits", "cents", "degrees", "cm", "gm",
    "pounds", "meters", "meals", "edges", "students", "childrentickets", "multiples", "\\text{s}",
    "\\text{.}", "\\text{\ns}", "\\text{}^2", "\\text{}^3", "\\text{\n}", "\\text{}", "\\mathrm{th}",
    "^\\circ", "^{\\circ}", "\\;", ",\\!", "{,}", '"', "\\dots",
)
_COMMAND = re.compile(r"(\\[a-zA-Z]+)")


def final_answer(generation: str) -> str:
    """The X of the first ``Final Answer: The final answer is X. I hope it is correct.``, stripped;
    a generation may stop before ``I hope it is correct.``. :data:`INVALID` when there is none."""
    found = _FINAL.search(generation + "I hope it is correct.")
    return found.group(1).strip() if found else INVALID


def _unwrap(text: str, sqrt_index: bool) -> str:
    """Keep the math between ``$``, unwrap ``\\text``/``\\textbf``/``\\overline``/``\\boxed``,
    brace ``\\frac12`` and ``\\sqrt2``, drop ``$``."""
    text = re.sub(r"(.*?)(\$)(.*?)(\$)(.*)", "$\\3$", text)
    for command in ("text", "textbf", "overline"):
        text = re.sub(r"(\\" + command + r"\{)(.*?)(\})", "\\2", text)
    text = re.sub(r"(\\boxed\{)(.*)(\})", "\\2", text)
    text = re.sub(r"(frac)([^{])(.)", "frac{\\2}{\\3}", text)
    if sqrt_index:
        text = re.sub(r"(sqrt)(\[[^\]]*\])(\w)", "\\1\\2{\\3}", text)
        text = re.sub(r"(sqrt)(?!\[)([^{])", "sqrt{\\2}", text)
    else:
        text = re.sub(r"(sqrt)([^{])", "sqrt{\\2}", text)
    return text.replace("$", "")


def _substitute(text: str) -> str:
    for old, new in _SUBSTITUTIONS:
        text = text.replace(old, new)
    return text


def normalize(answer: str) -> str:
    """lm-eval 0.4.13's ``minerva_math`` normal form of a final answer."""
    text = answer.split("=")[-1]
    words = [w for w in _REMOVED if w.isalpha()]
    for word in words:  # while spaces still delimit words; never inside \left and the like
        text = re.sub(rf"(?<!\\)\b{word}\b", "", text)
    text = _substitute(text)
    for removed in _REMOVED:
        if removed.isalpha():  # glued to its neighbours now: delete outside command names only
            pieces = _COMMAND.split(text)
            pieces[::2] = [p.replace(removed, "") for p in pieces[::2]]
            text = "".join(pieces)
        else:
            text = text.replace(removed, "")
    text = _unwrap(text, sqrt_index=True)
    if re.fullmatch(r"-?\d{1,3}(,\d{3})+", text):
        text = text.replace(",", "")
    return text


def normalize_original(answer: str) -> str:
    """The appendix's normal form, as the Open LLM Leaderboard's MATH-Hard tasks freeze it."""
    text = _substitute(answer.split("=")[-1])
    for removed in _REMOVED:
        text = text.replace(removed, "")
    text = _unwrap(text, sqrt_index=False)
    if text.replace(",", "").isdigit():
        text = text.replace(",", "")
    return text
