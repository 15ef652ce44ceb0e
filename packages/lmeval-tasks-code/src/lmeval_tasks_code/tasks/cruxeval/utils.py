"""CRUXEval helpers: the paper's in-context examples, answer extraction and program building.

The answer is scored as the paper's harness does — the predicted literal (output task) or call
(input task) must equal the reference output — with the comparison moved out of the sandbox:
the program (the function and the answer expression, wrapped as ``__lmeval_answer__()``) runs
sandboxed, and the trusted runner checks ``assert <reference output> == __lmeval_answer__()``
on the plain value it gets back.
"""

from __future__ import annotations

import ast
import logging
from collections import Counter

from lmeval_tasks_code.execution import pass_at_k_tests

_log = logging.getLogger("lmeval.tasks.code")
#: The first line of the program of an answer rejected without running it (never executed:
#: its verdict is a failure). The reason follows on the same line.
REJECTED_MARK = "# lmeval: answer rejected before execution: "
#: The longest answer parsed (max_gen_toks is 1024: a real answer is far shorter).
MAX_ANSWER = 20_000


def rejected(reason: str) -> str:
    """A program that can only fail, for an answer refused before execution; says why."""
    reason = " ".join(reason.split())[:300]
    return f"{REJECTED_MARK}{reason}\nraise AssertionError({('answer rejected: ' + reason)!r})\n"


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}`` over the programs built by the ``create_test`` filter, checked against
    the reference output taken from the target ``assert f(<input>) == <output>``. A rejected
    answer's program is a failure and is not executed."""
    return pass_at_k_tests([answer_test(ref) for ref in references], predictions, k=k, timeout=timeout,
                           skip=lambda program: program.startswith(REJECTED_MARK))


# --------------------------------------------------------------------------- answer grammar

_NUMBER = (int, float, complex)


def literal_problem(node: ast.AST) -> str | None:
    """Why ``node`` is not a literal (``None`` when it is): constants, tuples, lists, sets, dicts
    of literals, a sign before a number, ``<real> +/- <imaginary>`` and ``set()`` (exactly what
    ``ast.literal_eval`` accepts); no name, call, operator, comprehension, starred item, walrus."""
    if isinstance(node, ast.Constant):
        return None
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for item in node.elts:
            if isinstance(item, ast.Starred):
                return "a starred item"
            problem = literal_problem(item)
            if problem:
                return problem
        return None
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                return "a ** unpacking"
            problem = literal_problem(key) or literal_problem(value)
            if problem:
                return problem
        return None
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        if isinstance(node.operand, ast.Constant) and type(node.operand.value) in _NUMBER:
            return None
        return "a sign before something that is not a number"
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        left, right = node.left, node.right
        if isinstance(left, ast.UnaryOp) and isinstance(left.op, (ast.USub, ast.UAdd)):
            left = left.operand
        if isinstance(left, ast.Constant) and type(left.value) in (int, float) \
                and isinstance(right, ast.Constant) and type(right.value) is complex:
            return None
        return "an arithmetic expression"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "set" \
            and not node.args and not node.keywords:
        return None  # the empty set, as ast.literal_eval accepts it
    return f"{_kind(node)} is not a literal"


def _kind(node: ast.AST) -> str:
    kinds = {ast.Call: "a call", ast.Name: "a name", ast.Attribute: "an attribute access",
             ast.Subscript: "a subscript", ast.Lambda: "a lambda", ast.NamedExpr: "an assignment (:=)",
             ast.IfExp: "a conditional expression", ast.BoolOp: "a boolean operation",
             ast.Compare: "a comparison", ast.BinOp: "an arithmetic expression",
             ast.UnaryOp: "an operator", ast.ListComp: "a comprehension", ast.SetComp: "a comprehension",
             ast.DictComp: "a comprehension", ast.GeneratorExp: "a generator expression",
             ast.JoinedStr: "an f-string", ast.Await: "an await", ast.Yield: "a yield",
             ast.YieldFrom: "a yield", ast.Starred: "a starred expression", ast.Slice: "a slice"}
    return kinds.get(type(node), f"a {type(node).__name__} expression")


def _parse(answer: str) -> tuple[ast.expr | None, str]:
    """The answer as one expression, or ``(None, reason)``."""
    if len(answer) > MAX_ANSWER:
        return None, f"longer than {MAX_ANSWER} characters"
    try:
        return ast.parse(answer, mode="eval").body, ""
    except SyntaxError as err:
        return None, f"not one Python expression ({err.msg})"
    except (ValueError, RecursionError, MemoryError) as err:
        return None, f"not parseable ({type(err).__name__})"


def check_output_answer(answer: str) -> tuple[str | None, str]:
    """``(canonical source, "")`` for a literal, else ``(None, reason)``."""
    node, reason = _parse(answer)
    if node is None:
        return None, reason
    problem = literal_problem(node)
    if problem:
        return None, f"the output must be a literal: {problem}"
    return ast.unparse(node), ""


def check_input_answer(answer: str) -> tuple[str | None, str]:
    """``(canonical source, "")`` for ``f(<literal>, ..., name=<literal>)``, else ``(None, reason)``."""
    node, reason = _parse(answer)
    if node is None:
        return None, reason
    if not isinstance(node, ast.Call):
        return None, f"the answer must be a call of f, not {_kind(node)}"
    if not (isinstance(node.func, ast.Name) and node.func.id == "f"):
        return None, "the answer must call f itself"
    for arg in node.args:
        if isinstance(arg, ast.Starred):
            return None, "a starred argument"
        problem = literal_problem(arg)
        if problem:
            return None, f"the arguments must be literals: {problem}"
    for keyword in node.keywords:
        if keyword.arg is None:
            return None, "a ** argument"
        problem = literal_problem(keyword.value)
        if problem:
            return None, f"the arguments must be literals: {problem}"
    return ast.unparse(node), ""


def answer_test(target: str) -> str:
    """The trusted test for a target ``assert f(...) == <output>\n[/ANSWER]``."""
    source = target.split("[/ANSWER]")[0].strip()
    node = ast.parse(source).body[0]
    if not (isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare) and len(node.test.comparators) == 1):
        raise ValueError(f"not a CRUXEval target assertion: {source[:200]!r}")
    output = ast.get_source_segment(source, node.test.comparators[0])
    return f"assert ({output}) == __lmeval_answer__()\n"


def _program(code: str, expression: str) -> str:
    """The function, then the answer as a function the trusted tests call."""
    return f"{code}\n\ndef __lmeval_answer__():\n    return (\n{expression}\n    )\n"


def fewshot_output() -> list[dict]:
    return [
        {"code": "def f(n):\n    return n", "input": "17", "output": "17"},
        {"code": 'def f(s):\n    return s + "a"', "input": '"x9j"', "output": '"x9ja"'},
    ]


def fewshot_input() -> list[dict]:
    return [
        {"code": "def f(my_list):\n    count = 0\n    for i in my_list:\n        if len(i) % 2 == 0:\n"
                 "            count += 1\n    return count",
         "input": '["mq", "px", "zy"]', "output": "3"},
        {"code": "def f(s1, s2):\n    return s1 + s2", "input": '"ba", "nana"', "output": '"banana"'},
    ]


def _answer(generation: str, cot: bool) -> str:
    if cot and "[ANSWER]" in generation:
        generation = generation.split("[ANSWER]")[1].strip()
    return generation


def output_program(doc: dict, generation: str, cot: bool = False) -> str:
    """The function and the predicted literal (checked against the reference output).

    The answer is cut as the paper's harness cuts it (the text after the first ``==``), then
    parsed: anything but a literal is rejected with its reason, unexecuted."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[1].strip()
    source, reason = check_output_answer(answer.strip())
    if source is None:
        return rejected(reason)
    return _program(doc["code"], source)


def input_program(doc: dict, generation: str, cot: bool = False) -> str:
    """The function and ``f(<predicted input>)`` (checked against the reference output).

    The answer is cut as the paper's harness cuts it (before the first ``==``, after
    ``assert``), then parsed: anything but a call of ``f`` with literal arguments is rejected
    with its reason, unexecuted."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[0].strip()
    if "assert" in answer:
        answer = answer.split("assert")[1].strip()
    source, reason = check_input_answer(answer.strip())
    if source is None:
        return rejected(reason)
    return _program(doc["code"], source)


def _build(task: str, make, resps: list[list[str]], docs: list[dict], cot: bool) -> list[list[str]]:
    out = [[make(doc, r, cot) for r in resp] for resp, doc in zip(resps, docs, strict=True)]
    reasons = Counter(p[len(REJECTED_MARK):].partition("\n")[0] for ps in out for p in ps
                      if p.startswith(REJECTED_MARK))
    if reasons:
        total = sum(len(ps) for ps in out)
        _log.warning("%s: %d of %d answers rejected before execution (scored as failures): %s", task,
                     sum(reasons.values()), total,
                     "; ".join(f"{n} x {reason}" for reason, n in reasons.most_common(5)))
        for ps, resp in zip(out, resps, strict=True):
            for p, r in zip(ps, resp, strict=True):
                if p.startswith(REJECTED_MARK):
                    _log.debug("%s: rejected %r: %s", task, r[:200], p[len(REJECTED_MARK):].partition("\n")[0])
    return out


def build_output_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return _build("CRUXEval output prediction", output_program, resps, docs, False)


def build_output_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return _build("CRUXEval output prediction (CoT)", output_program, resps, docs, True)


def build_input_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return _build("CRUXEval input prediction", input_program, resps, docs, False)


def build_input_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return _build("CRUXEval input prediction (CoT)", input_program, resps, docs, True)
