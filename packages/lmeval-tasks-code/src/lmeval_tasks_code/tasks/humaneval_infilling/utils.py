"""HumanEval infilling: the program is prompt + the model's middle + suffix, run in the sandbox.

The prompt ends inside the function the model completes; the top-level code before that
function (imports, helpers such as ``poly`` or ``encode_cyclic`` that the tests call) is the
dataset's and runs in the trusted runner, as for HumanEval, whatever the middle redefines.
"""

from __future__ import annotations

import ast

from lmeval_tasks_code.execution import _ks, _score
from lmeval_tasks_code.prelude import TrustedProgram


def trusted_head(prompt: str) -> str:
    """The prompt's top-level code before its last top-level ``def`` (or its decorators);
    empty when there is none or that code does not parse."""
    lines = prompt.splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith(("def ", "async def "))]
    if not starts:
        return ""
    first = starts[-1]
    while first > 0 and lines[first - 1].startswith("@"):
        first -= 1
    head = "".join(lines[:first])
    try:
        ast.parse(head)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    return head


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}``: each filled-in program against the problem's ``check``."""
    jobs = [[(str(cand), ref, trusted_head(getattr(cand, "prefix", ""))) for cand in cands]
            for cands, ref in zip(predictions, references, strict=True)]
    return _score(jobs, _ks(k), timeout, None)


def build_predictions(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    """prompt + middle + suffix, remembering the prompt (the trusted part)."""
    return [[TrustedProgram(doc["prompt"], r + doc["suffix"]) for r in resp]
            for resp, doc in zip(resps, docs, strict=True)]
