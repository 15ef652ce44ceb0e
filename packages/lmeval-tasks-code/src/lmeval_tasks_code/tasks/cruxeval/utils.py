"""CRUXEval helpers: the paper's in-context examples, answer extraction and program building.

The answer is scored as the paper's harness does: the predicted literal (output task) or call
(input task) is put in an assertion against the reference and executed with the function.
"""

from __future__ import annotations

from lmeval_tasks_code.execution import pass_at_k_programs

#: A program that can only fail: for answers the paper's harness rejects without running them.
REJECTED = "raise AssertionError('answer rejected before execution')\n"


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}`` over the programs built by the ``create_test`` filter."""
    return pass_at_k_programs(predictions, k=k, timeout=timeout)


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
    """``assert <reference output> == <predicted literal>`` after the function."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[1].strip()
    answer = answer.strip()
    if f"f({doc['input']})" in answer:  # calling f is not predicting its output
        return REJECTED
    return f"{doc['code']}\nassert {doc['output']} == {answer}"


def input_program(doc: dict, generation: str, cot: bool = False) -> str:
    """``assert <reference output> == f(<predicted input>)`` after the function."""
    answer = _answer(generation, cot)
    if "==" in answer:
        answer = answer.split("==")[0].strip()
    if "assert" in answer:
        answer = answer.split("assert")[1].strip()
    answer = answer.strip()
    if "f(" not in answer:
        return REJECTED
    return f"{doc['code']}\nassert {doc['output']} == {answer}"


def build_output_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[output_program(doc, r) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_output_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[output_program(doc, r, cot=True) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_input_programs(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[input_program(doc, r) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_input_programs_cot(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    return [[input_program(doc, r, cot=True) for r in resp] for resp, doc in zip(resps, docs, strict=True)]
