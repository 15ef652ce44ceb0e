"""pass@k over sandboxed execution: the metric functions the code tasks reference."""

from __future__ import annotations

import os
from collections.abc import Sequence

from lmeval_tasks_code.sandbox import Limits, run_programs


def pass_at_k_estimate(n: int, c: int, k: int) -> float:
    """Unbiased pass@k (Chen et al. 2021, eq. 1): 1 - C(n-c, k) / C(n, k), computed stably."""
    if not 1 <= k <= n:
        raise ValueError(f"pass@{k} needs at least {k} samples per problem, got {n} "
                         f"(raise the task's `repeats` to {k} or more)")
    if n - c < k:
        return 1.0
    prob_all_fail = 1.0
    for i in range(n - c + 1, n + 1):
        prob_all_fail *= 1.0 - k / i
    return 1.0 - prob_all_fail


def _as_lists(predictions: Sequence[str] | Sequence[Sequence[str]]) -> list[list[str]]:
    return [[p] if isinstance(p, str) else list(p) for p in predictions]


def _ks(k: int | Sequence[int] | None) -> list[int]:
    if k is None:
        return [1]
    return [int(k)] if isinstance(k, (int, str)) else [int(v) for v in k]


def execute(programs: list[str], *, timeout: float | None = None,
            memory_mb: int | None = None) -> list[bool]:
    """Run each distinct program once in the sandbox; True where it ran to its end.

    Identical candidates (greedy decoding repeated, a model settling on one answer) share one
    execution: a program's verdict depends on its text only.
    """
    limits = Limits.from_env(timeout=timeout, memory_mb=memory_mb)
    workers = int(os.environ.get("LMEVAL_SANDBOX_WORKERS", "0")) or None
    distinct = list(dict.fromkeys(programs))
    verdicts = {p: r.passed for p, r in zip(distinct, run_programs(distinct, limits, max_workers=workers), strict=True)}
    return [verdicts[p] for p in programs]


def pass_at_k_tests(references: Sequence[str], predictions: Sequence[str] | Sequence[Sequence[str]],
                    k: int | Sequence[int] | None = None, timeout: float | None = None,
                    memory_mb: int | None = None) -> dict[str, float]:
    """Each prediction followed by its reference test code (``candidate + "\\n" + test``, the
    convention of the HumanEval/MBPP harnesses) is one program; returns ``{"pass@k": mean}``."""
    docs = _as_lists(predictions)
    programs = [[f"{cand}\n{ref}" for cand in cands] for cands, ref in zip(docs, references, strict=True)]
    return _score(programs, _ks(k), timeout, memory_mb)


def pass_at_k_programs(predictions: Sequence[str] | Sequence[Sequence[str]],
                       k: int | Sequence[int] | None = None, timeout: float | None = None,
                       memory_mb: int | None = None) -> dict[str, float]:
    """Each prediction is already a complete program (its assertions built by a filter)."""
    return _score(_as_lists(predictions), _ks(k), timeout, memory_mb)


def _score(programs: list[list[str]], ks: list[int], timeout: float | None,
           memory_mb: int | None) -> dict[str, float]:
    flat = [p for group in programs for p in group]
    outcomes = iter(execute(flat, timeout=timeout, memory_mb=memory_mb))
    per_k: dict[str, list[float]] = {f"pass@{k}": [] for k in ks}
    for group in programs:
        n = len(group)
        c = sum(next(outcomes) for _ in group)
        for k in ks:
            per_k[f"pass@{k}"].append(pass_at_k_estimate(n, c, k))
    return {name: sum(v) / len(v) if v else 0.0 for name, v in per_k.items()}
