"""HRM8K (Ko et al. 2025, arXiv:2501.02448): Korean (and the English originals of) GSM8K, KSM, MATH,
MMMLU and Omni-MATH, as lm-eval 0.4.13's ``hrm8k`` helpers prompt and score them: the answer in
``\\boxed{}`` (else the last ``$...$``, else after the last ``=`` or the last number), normalized as
Hendrycks' MATH equivalence does, against the gold number."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

Doc = Mapping[str, Any]

_PROMPTS = {
    "ko": ("주어진 문제를 풀어보세요.\n", "문제를 푼 후, 최종 답변을 다음과 같은 형식으로 작성하세요: $\\boxed{N}$.\n\n",
           "문제를 푼 후, 주어진 선택지 (1, 2, 3, 4) 중 최종 선택지를 다음 형식으로 작성하세요: $\\boxed{N}$.\n\n",
           "question", "문제: {}\n답변:"),
    "en": ("Solve the given question.\n",
           "After solving the problem, state your final answer in the following format: $\\boxed{N}$.\n\n",
           "After solving the problem, state your final choice among the choices (1, 2, 3, 4) in the following "
           "format: $\\boxed{N}$.\n\n", "original", "Question: {}\nAnswer:"),
}


def _prompt(lang: str, choices: bool, doc: Doc) -> str:
    head, answer, choice, field, body = _PROMPTS[lang]
    return head + (choice if choices else answer) + body.format(doc[field].strip())


def doc_to_text(doc: Doc) -> str:
    return _prompt("ko", False, doc)


def doc_to_text_mmmlu(doc: Doc) -> str:
    return _prompt("ko", True, doc)


def doc_to_text_en(doc: Doc) -> str:
    return _prompt("en", False, doc)


def doc_to_text_mmmlu_en(doc: Doc) -> str:
    return _prompt("en", True, doc)


def postprocess(value: Any) -> str:
    """A number as its shortest form (``3.0`` → ``3``); anything else stripped."""
    text = str(value).strip()
    try:
        number = float(text)
    except Exception:
        return text
    return str(int(number)) if number.is_integer() else str(number)


def doc_to_target(doc: Doc) -> str:
    return postprocess(doc["answer"])


def process_results(doc: Doc, results: Sequence[str]) -> dict[str, int]:
    return {"exact_match": int(is_equiv(results[0], postprocess(doc["answer"])))}


def is_equiv(first: str | None, second: str | None) -> bool:
    if first is None and second is None:
        return True
    if first is None or second is None:
        return False
    first, second = parse_math_answer(first), parse_math_answer(second)
    try:
        return postprocess(_strip_string(first)) == _strip_string(second)
    except Exception:
        return first == second


def _remove_boxed(text: str | None) -> str | None:
    left = "\\boxed{"
    try:
        assert text[: len(left)] == left  # type: ignore[index]
        assert text[-1] == "}"  # type: ignore[index]
    except Exception:
        return None
    answer = text[len(left):-1]
    return answer.split("=")[-1].lstrip(" ") if "=" in answer else answer


def _last_boxed(text: str) -> str | None:
    start = text.rfind("\\boxed")
    if start < 0:
        start = text.rfind("\\fbox")
        if start < 0:
            return None
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        if text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return None


def parse_math_answer(raw: str) -> str | None:
    if "\\boxed" in raw:
        return _remove_boxed(_last_boxed(raw))
    matches = re.findall(r"\$(.*)\$", raw)
    answer = None
    if matches:
        answer = matches[-1]
        if "=" in answer:
            answer = answer.split("=")[-1].lstrip(" ")
    if answer:
        return answer
    if "=" in raw:
        answer = raw.split("=")[-1].lstrip(" ").rstrip(".")
        return answer.split("\\n")[0] if "\\n" in answer else answer
    numbers = re.findall("(?:\\$)?\\d+(?:\\.\\d+)?(?![\\w\\d])", raw)
    return numbers[-1] if numbers else None


# Hendrycks et al.'s MATH answer normalization (hendrycks/math, math_equivalence.py)
def _fix_fracs(string: str) -> str:
    parts = string.split("\\frac")
    out = parts[0]
    for part in parts[1:]:
        out += "\\frac"
        if part[0] == "{":
            out += part
            continue
        if len(part) < 2:
            return string
        a, b = part[0], part[1]
        rest = part[2:]
        out += "{" + a + "}{" + b + "}" + rest if b != "{" else "{" + a + "}" + b + rest
    return out


def _fix_a_slash_b(string: str) -> str:
    if len(string.split("/")) != 2:
        return string
    a_text, b_text = string.split("/")
    try:
        a, b = int(a_text), int(b_text)
        assert string == f"{a}/{b}"
    except Exception:
        return string
    return "\\frac{" + str(a) + "}{" + str(b) + "}"


def _remove_right_units(string: str) -> str:
    if "\\text{ " in string:
        splits = string.split("\\text{ ")
        assert len(splits) == 2
        return splits[0]
    return string


def _fix_sqrt(string: str) -> str:
    if "\\sqrt" not in string:
        return string
    splits = string.split("\\sqrt")
    out = splits[0]
    for split in splits[1:]:
        out += "\\sqrt{" + split[0] + "}" + split[1:] if split[0] != "{" else "\\sqrt" + split
    return out


def _strip_string(string: str) -> str:
    for old, new in (("\n", ""), ("\\!", ""), ("\\\\", "\\"), ("tfrac", "frac"), ("dfrac", "frac"),
                     ("\\left", ""), ("\\right", ""), ("^{\\circ}", ""), ("^\\circ", ""), ("\\$", "")):
        string = string.replace(old, new)
    string = _remove_right_units(string)
    string = string.replace("\\%", "").replace(r"\%", "")
    string = string.replace(" .", " 0.").replace("{.", "{0.")
    if len(string) == 0:
        return string
    if string[0] == ".":
        string = "0" + string
    if len(string.split("=")) == 2 and len(string.split("=")[0]) <= 2:
        string = string.split("=")[1]
    string = _fix_sqrt(string)
    string = string.replace(" ", "")
    string = _fix_fracs(string)
    if string == "0.5":
        string = "\\frac{1}{2}"
    return _fix_a_slash_b(string)
