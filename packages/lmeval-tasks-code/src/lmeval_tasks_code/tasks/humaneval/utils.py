"""HumanEval helpers: build the program from prompt + completion; pass@k by sandboxed execution."""

from __future__ import annotations

from lmeval_tasks_code.execution import pass_at_k_tests
from lmeval_tasks_code.prelude import TrustedProgram


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}``: each program is the predicted function followed by the problem's tests."""
    return pass_at_k_tests(references, predictions, k=k, timeout=timeout)


def build_predictions(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    """The model continues the prompt, so the program is prompt + completion (the prompt trusted)."""
    return [[TrustedProgram(doc["prompt"], r) for r in resp] for resp, doc in zip(resps, docs, strict=True)]


def build_predictions_instruct(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    """As :func:`build_predictions`, with the completion cut at the closing code fence."""
    return [[TrustedProgram(doc["prompt"], r.split("```", 1)[0]) for r in resp]
            for resp, doc in zip(resps, docs, strict=True)]
