"""CRUXEval helpers: the paper's in-context examples, answer extraction and program building.

The answer is scored as the paper's harness does — the predicted literal (output task) or call
(input task) must equal the reference output — with the comparison moved out of the sandbox:
the program (the function and the answer expression, wrapped as ``__lmeval_answer__()``) runs
sandboxed, and the trusted runner checks ``assert <reference output> == __lmeval_answer__()``
on the plain value it gets back.
"""

from __future__ import annotations

import ast

from lmeval_tasks_code.execution import pass_at_k_tests

#: A program that can only fail: for answers the paper's harness rejects without running them.
REJECTED = "raise AssertionError('answer rejected before execution')\n"


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}`` over the programs built by the ``create_test`` filter, checked against
    the reference output taken from the target ``assert f(<input>) == <output>``."""
    return pass_at_k_tests([answer_test(ref) for ref in references], predictions, k=k, timeout=timeout)


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
    """The function and the predicted literal (checked against the reference output)."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[1].strip()
    answer = answer.strip()
    if f"f({doc['input']})" in answer:  # calling f is not predicting its output
        return REJECTED
    return _program(doc["code"], answer)


def input_program(doc: dict, generation: str, cot: bool = False) -> str:
    """The function and ``f(<predicted input>)`` (checked against the reference output)."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[0].strip()
    if "assert" in answer:
        answer = answer.split("assert")[1].strip()
    answer = answer.strip()
    if "f(" not in answer:
        return REJECTED
    return _program(doc["code"], answer)


def build_output_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[output_program(doc, r) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_output_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[output_program(doc, r, cot=True) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_input_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[input_program(doc, r) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_input_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[input_program(doc, r, cot=True) for r in resp] for resp, doc in zip(resps, docs, strict=True)]
