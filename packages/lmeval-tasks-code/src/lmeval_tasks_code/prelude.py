"""Programs whose beginning is dataset text: the part of the program the tests may trust.

A HumanEval program is the problem's prompt followed by the model's completion. Some tests call
helpers the prompt defines (``poly`` for ``find_zero``, ``encode_cyclic`` for
``decode_cyclic``); run in the trusted runner from the prompt, they stay the dataset's even if
the completion redefines them in the sandbox.
"""

from __future__ import annotations

import ast


class TrustedProgram(str):
    """``prefix + completion`` as a plain string that remembers which part is ``prefix``."""

    prefix: str

    def __new__(cls, prefix: str, completion: str) -> TrustedProgram:
        program = super().__new__(cls, prefix + completion)
        program.prefix = prefix
        return program


def trusted_prelude(program: str) -> str:
    """The prompt's top-level code before its last function (the one the model completes).

    Empty for a plain string, a prompt that does not parse, or one that does not end in a function.
    """
    prefix = getattr(program, "prefix", "") if type(program) is TrustedProgram else ""
    if not prefix or not program.startswith(prefix):
        return ""
    try:
        body = ast.parse(prefix).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    if not body or not isinstance(body[-1], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return ""
    last = body[-1]
    first_line = min([last.lineno, *(d.lineno for d in last.decorator_list)])
    return "".join(prefix.splitlines(keepends=True)[: first_line - 1])
