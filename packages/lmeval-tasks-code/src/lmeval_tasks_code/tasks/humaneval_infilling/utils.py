"""HumanEval infilling: the program is prompt + the model's middle + suffix, run in the sandbox."""

from __future__ import annotations

from lmeval_tasks_code.execution import pass_at_k_tests
from lmeval_tasks_code.prelude import TrustedProgram


def pass_at_k(references: list[str], predictions: list[list[str]], k: list[int] | int | None = None,
              timeout: float | None = None) -> dict[str, float]:
    """``{"pass@k": ...}``: each filled-in program against the problem's ``check``."""
    return pass_at_k_tests(references, predictions, k=k, timeout=timeout)


def build_predictions(resps: list[list[str]], docs: list[dict]) -> list[list[str]]:
    """prompt + middle + suffix; the prompt is the trusted prefix (its helpers run in the runner)."""
    return [[TrustedProgram(doc["prompt"], r + doc["suffix"]) for r in resp]
            for resp, doc in zip(resps, docs, strict=True)]
