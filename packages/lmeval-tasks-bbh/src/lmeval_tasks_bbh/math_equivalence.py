"""Equivalence of LaTeX math answers, as lm-eval 0.4.13's AGIEval and AIME tasks decide it.

Both normalise with the MATH dataset's rules (Hendrycks et al., 2021): drop line breaks, ``\\!``,
``\\left``/``\\right``, degrees, ``\\$``, units after ``\\text{ ``, percent signs and spaces;
``tfrac``/``dfrac`` become ``frac``; ``\\frac12`` and ``\\sqrt3`` get braces; ``0.5`` and ``a/b``
become fractions; a short ``k =`` prefix goes. Where a rule cannot apply (two ``\\text{ ``, a
``\\frac`` or ``\\sqrt`` with nothing after it) the raw strings are compared, as there.

The two tasks differ in one rule, kept: AGIEval leaves a non-numeric ``a/b`` as it is, AIME
then compares the raw strings (``strict_slash``).
"""

from __future__ import annotations

import re


def last_boxed(text: str, *, spaced: bool = False) -> str | None:
    """The last ``\\boxed{...}`` (or ``\\fbox{...}``) with balanced braces; with ``spaced`` (AIME),
    ``\\boxed <answer>`` up to the next ``$`` wins when the text has one."""
    if spaced and "\\boxed " in text:
        return "\\boxed " + text.split("\\boxed ")[-1].split("$")[0]
    start = text.rfind("\\boxed")
    if start < 0:
        start = text.rfind("\\fbox")
        if start < 0:
            return None
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return None


def _fix_fracs(text: str) -> str:
    parts = text.split("\\frac")
    out = parts[0]
    for part in parts[1:]:
        out += "\\frac"
        if part[0] == "{":  # IndexError on an empty part: the caller compares raw strings
            out += part
            continue
        if len(part) < 2:
            return text
        a, b, rest = part[0], part[1], part[2:]
        out += "{" + a + "}{" + b + "}" + rest if b != "{" else "{" + a + "}" + b + rest
    return out


def _fix_a_slash_b(text: str, strict: bool) -> str:
    pieces = text.split("/")
    if len(pieces) != 2:
        return text
    try:
        a, b = int(pieces[0]), int(pieces[1])
    except ValueError:
        if strict:
            raise
        return text
    if text != f"{a}/{b}":
        return text
    return "\\frac{" + str(a) + "}{" + str(b) + "}"


def _remove_right_units(text: str) -> str:
    if "\\text{ " not in text:
        return text
    parts = text.split("\\text{ ")
    if len(parts) != 2:
        raise ValueError("more than one \\text{ unit")
    return parts[0]


def _fix_sqrt(text: str) -> str:
    if "\\sqrt" not in text:
        return text
    parts = text.split("\\sqrt")
    out = parts[0]
    for part in parts[1:]:
        out += "\\sqrt{" + part[0] + "}" + part[1:] if part[0] != "{" else "\\sqrt" + part
    return out


def normalise(text: str, *, strict_slash: bool = False) -> str:
    """The MATH normal form of an answer (raises where lm-eval's rules raise)."""
    for old, new in (("\n", ""), ("\\!", ""), ("\\\\", "\\"), ("tfrac", "frac"), ("dfrac", "frac"),
                     ("\\left", ""), ("\\right", ""), ("^{\\circ}", ""), ("^\\circ", ""), ("\\$", "")):
        text = text.replace(old, new)
    text = _remove_right_units(text)
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
    return _fix_a_slash_b(text, strict_slash)


def equivalent(a: str | None, b: str | None, *, strict_slash: bool = False) -> bool:
    """Same normal form; both None is equal, one None is not; raw equality where a rule fails."""
    if a is None or b is None:
        return a is None and b is None
    try:
        return normalise(a, strict_slash=strict_slash) == normalise(b, strict_slash=strict_slash)
    except Exception:
        return a == b


# --- AGIEval's answer parser ---------------------------------------------------------------------

_NUMBER = re.compile(r"(?:\$)?\d+(?:\.\d+)?(?![\w\d])")


def _unboxed(boxed: str | None) -> str | None:
    left = "\\boxed{"
    if boxed is None or not boxed.startswith(left) or not boxed.endswith("}"):
        return None
    answer = boxed[len(left):-1]
    return answer.split("=")[-1].lstrip(" ") if "=" in answer else answer


def agieval_answer(raw: str) -> str | None:
    """AGIEval's reading of an answer: the last box; else the last ``$...$`` (after any ``=``);
    else what follows the last ``=``; else the last number."""
    if "\\boxed" in raw:
        return _unboxed(last_boxed(raw))
    dollars = re.findall(r"\$(.*)\$", raw)
    answer = None
    if dollars:
        answer = dollars[-1]
        if "=" in answer:
            answer = answer.split("=")[-1].lstrip(" ")
    if answer:
        return answer
    if "=" in raw:
        answer = raw.split("=")[-1].lstrip(" ").rstrip(".")
        return answer.split("\\n")[0] if "\\n" in answer else answer
    numbers = _NUMBER.findall(raw)
    return numbers[-1] if numbers else None


def agieval_equivalent(candidate: str | None, gold: str | None) -> bool:
    if candidate is None or gold is None:
        return candidate is None and gold is None
    return equivalent(agieval_answer(candidate), agieval_answer(gold))


# --- AIME's answer reader ----------------------------------------------------------------------

def aime_answer(response: str) -> str:
    """Between the first and last ``$`` (if two or more), unless a box holds the answer."""
    dollars = [i for i, ch in enumerate(response) if ch == "$"]
    answer = response if len(dollars) <= 1 else response[dollars[0] + 1:dollars[-1]]
    boxed = last_boxed(response, spaced=True)
    if boxed is not None:
        if boxed.startswith("\\boxed "):
            return boxed[len("\\boxed "):]
        if boxed.startswith("\\boxed{") and boxed.endswith("}"):
            return boxed[len("\\boxed{"):-1]
    return answer
