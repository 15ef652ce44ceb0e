"""LongProc's scores of the procedure tasks (path traversal, theory-of-mind tracking, countdown,
travel planning), as lm-eval 0.4.13's ``longproc/metrics.py`` computes them.

Each returns ``score`` (= ``accuracy``), ``accuracy``, ``partial_accuracy`` (how far the
answer's procedure follows the reference's) and ``extraction_rate`` (whether the answer's tagged
part was found). Countdown's equations are evaluated as arithmetic only (:func:`arithmetic`),
never as Python: an answer is hostile input.
"""

from __future__ import annotations

import ast
import json
import operator
import re
import string
from collections.abc import Mapping, Sequence
from typing import Any

Doc = Mapping[str, Any]
_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}
_UNARY = {ast.USub: operator.neg, ast.UAdd: operator.pos}


def process_docs(dataset: Any) -> Any:
    """Each document's JSON ``metadata`` parsed into ``metadata_parsed``."""
    return dataset.map(lambda doc: {**doc, "metadata_parsed": json.loads(doc["metadata"])})


def _result(score: float, partial: float, extracted: float) -> dict[str, float]:
    return {"score": score, "accuracy": score, "partial_accuracy": partial, "extraction_rate": extracted}


def extract_with_tag(response: str, tag: str) -> str | None:
    start, end = response.find(f"<{tag}>"), response.find(f"</{tag}>")
    if start == -1 or end == -1:
        return None
    return response[start + len(tag) + 2:end].strip()


def process_results_path_traversal(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    gt = doc["reference_output"].strip()
    route = extract_with_tag(results[0], "Route")
    if route is None:
        return _result(0.0, 0.0, 0.0)
    route = route.strip()
    if route == gt:
        return _result(1.0, 1.0, 1.0)
    gt_lines, pred_lines = gt.split("\n"), route.split("\n")
    same = 0
    for gt_line, pred_line in zip(gt_lines, pred_lines, strict=False):
        if gt_line != pred_line:
            break
        same += 1
    return _result(0.0, (same + 1) / len(gt_lines) if same < len(gt_lines) else 1.0, 1.0)


_TOM_STOPWORDS = re.compile(r"\b(a|an|the|on|in|at|the|step|thinks|think|believes|believe|is|are|of|location|"
                            r"know|knows|belief)\b")


def _normalize_tom(text: str) -> str:
    text = "".join(ch for ch in text.lower() if ch not in string.punctuation and ch != "\u2019")
    return " ".join(_TOM_STOPWORDS.sub(" ", text).split())


def _belief(line: str) -> str | None:
    return _normalize_tom(line.split("-", 1)[1].strip()) if line.startswith("-") else None


def _beliefs(text: str) -> list[str]:
    kept = "\n".join(line for line in text.splitlines() if line.strip().startswith("-"))
    return [b for b in (_belief(line) for line in kept.strip().split("\n")) if b]


def process_results_tom_tracking(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    model, gold = _beliefs(results[0]), _beliefs(doc["reference_output"])
    if len(model) == len(gold) and all(a == b for a, b in zip(model, gold, strict=False)):
        return _result(1.0, 1.0, 1.0)
    first_diff = next((i for i, (a, b) in enumerate(zip(model, gold, strict=False)) if a != b), None)
    if first_diff is not None:
        partial = first_diff / len(gold) if gold else 0.0
    else:
        partial = min(len(model), len(gold)) / len(gold) if gold else 0.0
    return _result(0.0, partial, 1.0)


def arithmetic(expression: str) -> float:
    """The value of ``expression`` made of numbers, ``+ - * /``, signs and parentheses; anything
    else is a ValueError (lm-eval evaluates it as Python)."""

    def value(node: ast.AST) -> Any:
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
            return _UNARY[type(node.op)](value(node.operand))
        raise ValueError(f"not arithmetic: {ast.dump(node)[:40]}")

    try:
        return value(ast.parse(expression.lstrip(" \t"), mode="eval").body)
    except ZeroDivisionError as exc:
        raise ValueError(str(exc)) from None


def _countdown_line(line: str) -> tuple[bool, int | None, int | None, int | None]:
    parts = line.strip().split("=")
    if len(parts) != 2:
        return False, None, None, None
    lhs, rhs = parts
    result = arithmetic(lhs)
    op = next((o for o in "+-*/" if o in lhs), None)
    if op is None:
        return False, None, None, None
    a, b = lhs.split(op)
    return result == int(rhs), int(a), int(b), int(rhs)


def countdown_solution_ok(nums: Sequence[int], target: int, solution: str) -> bool:
    """Three equations that use each number once and end at ``target``."""
    left = list(nums)
    lines = solution.split("\n")
    if len(lines) != 3:
        return False
    for line in lines:
        try:
            correct, a, b, c = _countdown_line(line)
        except (ValueError, SyntaxError):
            return False
        if not correct or a not in left:
            return False
        left.remove(a)
        if b not in left:
            return False
        left.remove(b)
        left.append(c)
    return left[0] == target


def _countdown_partial(procedure: str, gt_procedure: str) -> float:
    pred_lines, gt_lines = procedure.strip().split("\n"), gt_procedure.strip().split("\n")
    if pred_lines[0] != gt_lines[0]:
        return 0.0
    pred_lines, gt_lines = pred_lines[1:], gt_lines[1:]
    idx = -1
    for pred_line, gt_line in zip(pred_lines, gt_lines, strict=False):
        idx += 1
        if pred_line == gt_line:
            continue
        if "Pick two numbers" in gt_line:
            break
        if "|- Try" in gt_line:
            if (pred_line.split("=")[0] != gt_line.split("=")[0]
                    or ("drop this branch" in gt_line) != ("drop this branch" in pred_line)):
                break
            continue
        break
    return idx / len(gt_lines) if gt_lines else 0.0


def process_results_countdown(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    prediction, meta = results[0], doc["metadata_parsed"]
    solution = extract_with_tag(prediction, "Solution")
    if solution is not None and countdown_solution_ok(meta["nums"], meta["target"], solution):
        return _result(1.0, 1.0, 1.0)
    extracted = 1.0 if solution is not None else 0.0
    if "# Search Procedure" not in prediction:
        return _result(0.0, 0.0, extracted)
    procedure = prediction.split("# Search Procedure")[-1].strip()
    gt = doc["reference_output"].split("# Search Procedure")[-1].split("Now we have found the target")[0].strip()
    return _result(0.0, _countdown_partial(procedure, gt), extracted)


def parse_travel_plan(response: str) -> list[tuple[str, int]]:
    """``[(city, days), ...]`` from the plan's ``Day a-b`` and ``Day n ... from X to Y`` lines."""
    days: list[str] = []
    flights: list[tuple[str, str, str]] = []
    total_days = None
    for piece in response.split("\n"):
        found = re.findall(r"European cities for (\d+) days", piece)
        if found:
            total_days = int(found[0])
        visit = re.findall(r"\d+-\d+", piece)
        if visit:
            days.append(visit[0])
            if int(visit[0].split("-")[1]) == total_days:
                break
        flight = re.findall(r".*Day (\d+).*from (\w+) to (\w+)", piece)
        if flight:
            flights.append(flight[0])
    cities: list[str] = []
    flight_days: list[int] = []
    for flight_day, begin, end in flights:
        flight_days.append(int(flight_day))
        cities.extend([begin, end] if not cities else [end])
    if not days or not flights or not cities:
        return []
    flight_days = [1, *flight_days, int(days[-1].split("-")[1])]
    return [(city, flight_days[i + 1] - flight_days[i] + 1) for i, city in enumerate(cities)]


def _travel_plan_ok(cities: str, durations: str, response: str) -> float:
    stays = [x for x in cities.split("**") if x]
    days = [int(x) for x in durations.split("**") if x]
    plan = parse_travel_plan(response)
    same = 0
    for i in range(min(len(stays), len(plan))):
        if stays[i] != plan[i][0] or days[i] != plan[i][1]:
            break
        same += 1
    return 0.0 if same / len(stays) < 1.0 else 1.0


def _normalize_travel(line: str) -> str:
    line = "".join(ch for ch in line.lower() if ch not in string.punctuation)
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", line).split())


def _travel_partial(output: str, gt: str) -> float:
    marker, noise = "<Solving Procedure>", "Output the plan in the required format:"
    gt, output = gt.replace(noise, ""), output.replace(noise, "")
    gt = marker + gt.split(marker)[1]
    if marker in output:
        output = marker + output.split(marker)[1]
    pred_lines = [line.rstrip() for line in output.strip().split("\n") if line.strip()]
    gt_lines = [line.rstrip() for line in gt.strip().split("\n") if line.strip()]
    idx = -1
    for pred_line, gt_line in zip(pred_lines, gt_lines, strict=False):
        idx += 1
        if _normalize_travel(gt_line) not in _normalize_travel(pred_line):
            break
    return max(idx, 0) / len(gt_lines) if gt_lines else 0.0


def process_results_travel_planning(doc: Doc, results: Sequence[str]) -> dict[str, float]:
    prediction, meta = results[0], doc["metadata_parsed"]
    plan = extract_with_tag(prediction, "Plan")
    accuracy = 0.0 if plan is None else _travel_plan_ok(meta["ground_truth_cities"],
                                                        meta["ground_truth_durations"], plan.strip())
    partial = 1.0 if accuracy == 1.0 else _travel_partial(prediction, doc["reference_output"])
    return _result(accuracy, partial, 0.0 if plan is None else 1.0)
