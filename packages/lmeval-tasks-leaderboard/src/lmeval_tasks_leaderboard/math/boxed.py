"""The boxed answer of a MATH solution: ``\\boxed{...}`` (balanced braces), ``\\fbox{...}``, or
``\\boxed <answer>`` up to the next ``$``."""

from __future__ import annotations

SPACED = "\\boxed "


def last_boxed(text: str) -> str | None:
    """The last boxed expression of ``text`` with its command, or None.

    Any ``\\boxed `` (with a space) in the text wins, even before a braced one; otherwise the
    last ``\\boxed`` (else ``\\fbox``) up to its closing brace. An unclosed box is None.
    """
    if SPACED in text:
        return SPACED + text.split(SPACED)[-1].split("$")[0]
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


def unbox(boxed: str) -> str:
    """The content of ``\\boxed{x}`` or ``\\boxed x``; ValueError for anything else (an
    ``\\fbox{...}`` included: the tasks never unwrap it)."""
    if SPACED in boxed:
        if not boxed.startswith(SPACED):
            raise ValueError(f"not a boxed answer: {boxed!r}")
        return boxed[len(SPACED):]
    if not (boxed.startswith("\\boxed{") and boxed.endswith("}")):
        raise ValueError(f"not a boxed answer: {boxed!r}")
    return boxed[len("\\boxed{"):-1]


def boxed_answer(solution: str) -> str:
    """The answer a MATH solution boxes; ValueError when it boxes none."""
    found = last_boxed(solution)
    if found is None:
        raise ValueError(f"no boxed answer in the solution {solution[:80]!r}")
    return unbox(found)
