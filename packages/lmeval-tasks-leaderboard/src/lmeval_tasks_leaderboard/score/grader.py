"""SCORE's MATH answer check as lm-eval 0.4.13 has it (``score/math/math_grader.py``, after the
MATH release's ``math_equivalence``, ToRA's and PRM800K's graders): both answers normalised,
then equal as strings, as numbers (within 1e-4, also x100 and /100), part by part for tuples
and intervals, or symbolically with sympy (the pack's ``math`` extra)."""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from math import isclose
from typing import Any

_UNITS = ("degree", "cm", "centimeter", "meter", "mile", "second", "minute", "hour", "week", "month", "year",
          "foot", "feet", "inch", "yard", "p.m.", "PM")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_WRAPPERS = ("\\\\text", "\\\\mathrm", "\\\\mathcal", "\\\\textbf", "\\\\textit")
_INTERVALS = (("Interval", "[", "]"), ("Interval.Ropen", "[", ")"), ("Interval.Lopen", "(", "]"),
              ("Interval.open", "(", ")"))


def _fix_fracs(text: str) -> str:
    """``\\frac12`` -> ``\\frac{1}{2}``, ``\\frac1b`` -> ``\\frac{1}{b}``, ``\\frac1{7}`` -> ``\\frac{1}{7}``."""
    while "\\frac " in text:
        text = text.replace("\\frac ", "\\frac")
    head, *rest = text.split("\\frac")
    out = head
    for part in rest:
        out += "\\frac"
        if part[:1] == "{":
            out += part
        elif len(part) < 2:
            return text
        elif part[1] != "{":
            out += "{" + part[0] + "}{" + part[1] + "}" + part[2:]
        else:
            out += "{" + part[0] + "}" + part[1] + part[2:]
    return out


def _strip_thousands_commas(expr: str) -> str:
    pattern = re.compile(r"(\d)(,)(\d\d\d)($|\D)")
    while True:
        stripped = pattern.sub("\\1\\3\\4", expr)
        if stripped == expr:
            return stripped
        expr = stripped


def _is_int(text: str) -> bool:
    try:
        value = float(_strip_thousands_commas(text))
        return abs(value - int(round(value))) <= 1e-7
    except Exception:  # noqa: BLE001 - not a number
        return False


def _to_int(text: str) -> int:
    text = text.replace(",", "")
    if "_" in text:  # a base subscript
        text = text.split("_")[0]
    return int(float(text))


def _remove_right_units(expr: str) -> str:
    if "\\text" in expr:
        parts = re.split(r"\\text\s*{\s*", expr)
        if len(parts) == 2 and parts[0] not in ("", "("):
            return parts[0]
    if "\\text{" in expr:
        return re.sub(r"\\text{([^}]+)}", r"\1", expr)
    if "\\mbox{" in expr:
        parts = expr.split("\\mbox{")
        if len(parts) != 2:
            raise AssertionError(f"more than one \\mbox in {expr!r}")
        return parts[0]
    return expr


def _mixed_fraction(match: re.Match) -> str:
    whole, numerator, denominator = match.groups()
    return f"{whole} + {numerator}/{denominator}" if whole else f"{numerator}/{denominator}"


def normalize_answer_string(expr: str | None) -> str | None:
    """The answer without units, ``\\text``-like wrappers, ``\\left``/``\\right``, ``$``, ``%``,
    degrees and spaces; fractions braced, mixed numbers summed, integers written plainly."""
    if expr is None:
        return None
    expr = re.sub(r"\\right", "", re.sub(r"\\left", "", expr))
    expr = re.sub(r",\s*,", ",", re.sub(r"\s*\\text{\s*(or|and)\s*}\s*", ",", expr))
    expr = _remove_right_units(expr)
    if "\\in " in expr:
        expr = expr.split("\\in ")[1].strip()
    for wrapper in _WRAPPERS:
        expr = expr.replace(wrapper, "")
        match = re.search(f"^{wrapper}" + r"\{(?P<text>.+?)\}$", expr)
        if match is not None:
            expr = match.group("text")
    for old, new in (("\\!", ""), ("\\%", "%"), ("\\$", "$"), ("$", ""), ("%", ""), ("^{\\circ}", ""),
                     (" or ", " , "), (" and ", " , "), ("million", "*10^6"), ("billion", "*10^9"),
                     ("trillion", "*10^12")):
        expr = expr.replace(old, new)
    for unit in _UNITS:
        expr = re.sub(rf"{unit}(es)?(s)? *(\^[0-9]+)?", "", expr)
    if "day" in expr and not any(day in expr for day in _WEEKDAYS):
        expr = re.sub("day(s)?", "", expr)
    expr = re.sub("\\^ *\\\\circ", "", expr)
    if len(expr) > 0 and expr[0] == "{" and expr[-1] == "}":
        expr = expr[1:-1]
    expr = re.sub(r"\\sqrt(\s*\w+)", r"\\sqrt{\1}", expr)
    expr = _fix_fracs(expr)
    expr = re.sub("- *", "-", expr)
    expr = re.compile("([0-9]) +([0-9])").sub("\\1+\\2", expr)
    expr = re.compile(r"(\d+) *\\frac{(\d+)}{(\d+)}").sub(_mixed_fraction, expr)
    expr = expr.replace(" ", "")
    if _is_int(expr):
        expr = str(_to_int(expr))
    return expr


def _number(value: Any) -> float | None:
    text = str(value)
    try:
        return float(text.replace("{,}", "")) if "{,}" in text else float(text.replace(",", ""))
    except ValueError:
        return None


def _plain(answer: Any) -> Any:
    """``$12`` -> ``12``, ``45%`` / ``45\\%`` -> ``45``."""
    if isinstance(answer, str) and re.match(r"\$\d+(\.\d+)?", answer):
        return answer[1:]
    if isinstance(answer, str) and (re.match(r"^\d+(\.\d+)?%$", answer) or re.match(r"^\d+(\.\d+)?\\%$", answer)):
        return answer.replace("\\%", "").replace("%", "")
    return answer


def _interval_brackets(prediction: str) -> str:
    for name, left, right in _INTERVALS:
        match = re.match("^" + re.escape(name) + r"\((.*)\)$", prediction)
        if match:
            return f"{left}{match.group(1)}{right}"
    return prediction


def _all_equal(pairs: Any, include_percentage: bool, tolerance: float) -> bool:
    return all([math_equal(a, b, include_percentage, tolerance) for a, b in pairs])


def math_equal(prediction: Any, reference: Any, include_percentage: bool = True, tolerance: float = 1e-4,
               timeout: float = 10.0) -> bool:
    """Whether ``prediction`` and ``reference`` are the same answer (see the module docstring)."""
    from sympy.parsing.sympy_parser import parse_expr

    prediction = normalize_answer_string(_plain(prediction))
    reference = normalize_answer_string(_plain(reference))
    if isinstance(prediction, str) and len(prediction) > 1000:
        prediction = prediction[:1000]
    if isinstance(prediction, str) and isinstance(reference, str):
        if prediction.strip().lower() == reference.strip().lower():
            return True
        if prediction.replace(" ", "") == reference.replace(" ", ""):
            return True
    try:
        predicted, expected = _number(prediction), _number(reference)
        if predicted is not None and expected is not None:
            candidates = [expected / 100, expected, expected * 100] if include_percentage else [expected]
            for candidate in candidates:
                try:
                    if isclose(candidate, predicted, rel_tol=tolerance):
                        return True
                except Exception:  # noqa: BLE001, S112 - as lm-eval: try the next candidate
                    continue
            return False
    except Exception:  # noqa: BLE001, S110 - as lm-eval: fall through to the symbolic checks
        pass
    if not prediction and prediction not in [0, False]:
        return False

    reference, prediction = str(reference).strip(), _interval_brackets(str(prediction).strip())
    pred_str, ref_str = prediction, reference
    if ((prediction.startswith("[") and prediction.endswith("]") and not reference.startswith("("))
            or (prediction.startswith("(") and prediction.endswith(")") and not reference.startswith("["))):
        pred_str, ref_str = pred_str.strip("[]()"), ref_str.strip("[]()")
    for bracket in "{}()":
        ref_str, pred_str = ref_str.replace(bracket, ""), pred_str.replace(bracket, "")
    if pred_str == ref_str:
        return True
    if (prediction and reference and prediction[0] in "([" and prediction[-1] in ")]"
            and prediction[0] == reference[0] and prediction[-1] == reference[-1]):
        pred_parts, ref_parts = prediction[1:-1].split(","), reference[1:-1].split(",")
        if len(pred_parts) == len(ref_parts) and _all_equal(zip(pred_parts, ref_parts, strict=False), include_percentage,
                                                            tolerance):
            return True
    if "," in prediction and "," in reference:
        pred_parts = [part.strip() for part in prediction.split(",")]
        ref_parts = [part.strip() for part in reference.split(",")]
        if len(pred_parts) == len(ref_parts):
            return _all_equal(zip(pred_parts, ref_parts, strict=False), include_percentage, tolerance)
    if prediction.startswith("Point") and reference[0] == "(" and reference[-1] == ")":
        pred_parts = prediction[prediction.find("(") + 1:-1].split(",")
        ref_parts = reference[1:-1].split(",")
        if len(pred_parts) == len(ref_parts) and _all_equal(zip(pred_parts, ref_parts, strict=False), include_percentage,
                                                            tolerance):
            return True
    if reference.startswith("\\begin{pmatrix}") and prediction.startswith("Matrix"):
        try:
            matrix = parse_expr(prediction)
            items = reference.split()[1:-1:2]
            if len(matrix) == len(items) and _all_equal(zip(items, matrix, strict=False), include_percentage, tolerance):
                return True
        except Exception:  # noqa: BLE001, S110 - as lm-eval: not a matrix after all
            pass
    return symbolic_equal(prediction, reference, tolerance, timeout)


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """TimeoutError after ``seconds`` (SIGALRM, as lm-eval; no limit outside the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeoutError("Timed out!")

    signal.setitimer(signal.ITIMER_REAL, seconds)
    previous = signal.signal(signal.SIGALRM, expire)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if previous is not None:
            signal.signal(signal.SIGALRM, previous)


def symbolic_equal(a: Any, b: Any, tolerance: float, timeout: float = 10.0) -> bool:
    """sympy: the difference simplifies to 0, or the values agree within ``tolerance``."""
    import sympy
    from sympy.parsing.latex import parse_latex
    from sympy.parsing.sympy_parser import parse_expr

    def parsed(text: Any) -> Any:
        for parse in (parse_expr, parse_latex):
            try:
                with time_limit(timeout):
                    return parse(text)
            except Exception:  # noqa: BLE001, S112 - as lm-eval: try the next parser, else keep the text
                continue
        return text

    a, b = parsed(a), parsed(b)
    try:
        with time_limit(timeout):
            if sympy.simplify(a - b) == 0:
                return True
    except Exception:  # noqa: BLE001, S110 - as lm-eval: not equal that way
        pass
    try:
        with time_limit(timeout):
            if isclose(sympy.N(a), sympy.N(b), rel_tol=tolerance):
                return True
    except Exception:  # noqa: BLE001, S110 - as lm-eval: not equal
        pass
    return False


def extract_answer(text: str) -> str | None:
    """The content of the last ``\\boxed{...}``, or None."""
    if "\\boxed" not in text:
        return None
    start = text.rfind("\\boxed")
    depth, end = 0, None
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        if text[i] == "}":
            depth -= 1
            if depth == 0:
                end = i
                break
    if end is None:
        return None
    boxed = text[start:end + 1]
    if not boxed.startswith("\\boxed{") or not boxed.endswith("}"):
        return None
    return boxed[len("\\boxed{"):-1]
