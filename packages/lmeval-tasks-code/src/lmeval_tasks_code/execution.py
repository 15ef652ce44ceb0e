"""pass@k over sandboxed execution: the metric functions the code tasks reference."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

from lmeval_tasks_code.prelude import trusted_prelude
from lmeval_tasks_code.sandbox import (
    ExecutionResult,
    Limits,
    describe,
    missing_protections,
    run_programs,
)

_log = logging.getLogger("lmeval.tasks.code")
#: The layers of the last program run in this process (reported in the results by the plugin).
last_layers: dict[str, Any] = {}
#: The sets of missing protections already logged in this process.
_warned: set[str] = set()
#: Limits already probed by :func:`announce` in this process.
_announced: set[Limits] = set()
#: The layer switches (``Limits`` field -> environment variable).
SWITCHES = {"isolate": "LMEVAL_SANDBOX_ISOLATE", "landlock": "LMEVAL_SANDBOX_LANDLOCK",
            "seccomp": "LMEVAL_SANDBOX_SECCOMP", "cgroups": "LMEVAL_SANDBOX_CGROUPS"}


def warning_lines(layers: dict[str, Any], limits: Limits) -> list[str]:
    """The warning for a sandbox that lacks protections: a header, then one line per missing
    layer, then the switches that turned layers off. Empty when nothing is missing."""
    missing = missing_protections(layers)
    if not missing:
        return []
    off = [f"{env}=0" for name, env in SWITCHES.items() if not getattr(limits, name)]
    lines = [f"code sandbox: this machine does not provide {len(missing)} protection(s); "
             "model-generated code will run WITHOUT:"]
    lines += [f"code sandbox:   missing: {text}" for text in missing]
    if off:
        lines.append(f"code sandbox:   switched off here by {', '.join(off)}")
    lines.append("code sandbox:   verdicts cannot be forged without them; containment of the code is "
                 "weaker (docs/tasks/code.md, 'Which protections are missing')")
    return lines


def announce(limits: Limits | None = None) -> dict[str, Any]:
    """Probe the sandbox once per process (an empty program) and log, loudly, every layer this
    machine lacks: called when a code task starts, before any answer is executed."""
    limits = limits or Limits.from_env()
    if limits in _announced:
        return dict(last_layers)
    _announced.add(limits)
    layers = {k: v for k, v in describe(limits).items() if k not in ("status", "missing")}
    lines = warning_lines(layers, limits)
    key = "|".join(missing_protections(layers))
    if lines and key not in _warned:
        _warned.add(key)
        for line in lines:
            _log.warning("%s", line)
    if layers:
        last_layers.clear()
        last_layers.update(layers)
    return layers


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


def execute(jobs: list[tuple[str, str | None, str]], *, timeout: float | None = None,
            memory_mb: int | None = None) -> list[bool]:
    """Run each distinct ``(program, tests, prelude)`` once; True where the tests passed.

    Identical jobs (greedy decoding repeated, a model settling on one answer) share one
    execution: a verdict depends on the texts only.
    """
    limits = Limits.from_env(timeout=timeout, memory_mb=memory_mb)
    workers = int(os.environ.get("LMEVAL_SANDBOX_WORKERS", "0")) or None
    distinct = list(dict.fromkeys(jobs))
    if distinct:
        announce(limits)
    results = run_programs(distinct, limits, max_workers=workers)
    for result in results:
        _note(result)
    verdicts = {job: r.passed for job, r in zip(distinct, results, strict=True)}
    return [verdicts[job] for job in jobs]


def _note(result: ExecutionResult) -> None:
    """Log once per process what the sandbox lacks, and every test the harness could not run."""
    if result.layers:
        last_layers.clear()
        last_layers.update(result.layers)
        missing = missing_protections(result.layers)
        key = "|".join(missing)
        if missing and key not in _warned:  # a layer lost since the probe (announce)
            _warned.add(key)
            _log.warning("code sandbox: this machine does not provide: %s", "; ".join(missing))
    if result.status == "unsupported":
        _log.warning("code sandbox: test not runnable against a sandboxed candidate, scored as a "
                     "failure: %s", result.detail)
    elif result.status == "error":
        _log.warning("code sandbox: the runner failed, scored as a failure: %s", result.detail[-500:])


def pass_at_k_tests(references: Sequence[str], predictions: Sequence[str] | Sequence[Sequence[str]],
                    k: int | Sequence[int] | None = None, timeout: float | None = None,
                    memory_mb: int | None = None,
                    skip: Callable[[str], bool] | None = None) -> dict[str, float]:
    """Each prediction is a candidate program and its reference is trusted test code (HumanEval's
    ``check(candidate)``, MBPP's asserts): the candidate runs in the sandbox, the tests in the
    trusted runner, calling it over a pipe. Returns ``{"pass@k": mean}``.

    A prediction that starts with a trusted prefix (:class:`TrustedProgram`, HumanEval's prompt)
    has that prefix's definitions run in the trusted runner too, so the tests' helpers (``poly``,
    ``encode_cyclic``) are the dataset's, whatever the completion redefines.

    A prediction for which ``skip(prediction)`` is true fails without being executed (an answer
    the task rejected before execution).
    """
    docs = _as_lists(predictions)
    jobs = [[None if skip is not None and skip(str(cand)) else (str(cand), ref, trusted_prelude(cand))
             for cand in cands]
            for cands, ref in zip(docs, references, strict=True)]
    return _score(jobs, _ks(k), timeout, memory_mb)


def _score(jobs: list[list[tuple[str, str | None, str] | None]], ks: list[int], timeout: float | None,
           memory_mb: int | None) -> dict[str, float]:
    flat = [j for group in jobs for j in group if j is not None]
    verdicts = iter(execute(flat, timeout=timeout, memory_mb=memory_mb))
    outcomes = iter([False if j is None else next(verdicts) for group in jobs for j in group])
    per_k: dict[str, list[float]] = {f"pass@{k}": [] for k in ks}
    for group in jobs:
        n = len(group)
        c = sum(next(outcomes) for _ in group)
        for k in ks:
            per_k[f"pass@{k}"].append(pass_at_k_estimate(n, c, k))
    return {name: sum(v) / len(v) if v else 0.0 for name, v in per_k.items()}
