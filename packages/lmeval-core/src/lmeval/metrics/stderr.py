"""Standard errors of task scores and of group scores, with lm-eval's arithmetic.

Means get the closed form ``sample_stddev / sqrt(n)``; the aggregations lm-eval bootstraps
(median, nanmean, perplexity, f1, matthews_corrcoef, bleu, chrf, chrf++, ter) get a seeded
bootstrap that draws exactly lm-eval's resamples: chunk ``i`` of at most 1000 resamples uses
``random.Random(i)``, so the numbers match lm-eval's. Large bootstraps run their chunks in
worker processes (``LMEVAL_BOOTSTRAP_WORKERS``, or ``DISABLE_MULTIPROC=1`` as in lm-eval).
"""

from __future__ import annotations

import logging
import math
import os
import random
from collections.abc import Callable, Sequence
from typing import Any

from lmeval.metrics import aggregations as agg

log = logging.getLogger("lmeval")

NA = "N/A"

#: Aggregations whose stderr is bootstrapped, as in lm-eval's ``stderr_for_metric``.
BOOTSTRAPPED = frozenset(
    {"median", "matthews_corrcoef", "f1", "perplexity", "bleu", "chrf", "chrf++", "ter", "nanmean"}
)
#: Aggregations with a closed-form stderr.
CLOSED_FORM: dict[str, Callable[[Sequence[Any]], float]] = {
    "mean": agg.mean_stderr,
    "acc_all": agg.acc_all_stderr,
}
#: Metrics whose bootstrap lm-eval caps at 100 resamples (corpus translation scores are slow).
CAPPED_METRICS = frozenset({"bleu", "chrf", "chrf++", "ter"})
CAPPED_ITERS = 100

#: Below this many draws (resamples x items) the bootstrap runs in-process.
PARALLEL_THRESHOLD = 20_000_000


def _bootstrap_chunk(args: tuple[Callable[[Sequence[Any]], float], Sequence[Any], int, int]) -> list[float]:
    fn, items, seed, count = args
    rnd = random.Random(seed)
    k = len(items)
    return [fn(rnd.choices(items, k=k)) for _ in range(count)]


def _workers() -> int:
    if os.environ.get("DISABLE_MULTIPROC"):
        return 1
    env = os.environ.get("LMEVAL_BOOTSTRAP_WORKERS")
    if env:
        try:
            return max(1, int(env))
        except ValueError:
            log.warning("lmeval: LMEVAL_BOOTSTRAP_WORKERS=%r is not an integer; using 1", env)
            return 1
    return max(1, (os.cpu_count() or 1))


def bootstrap_replicates(fn: Callable[[Sequence[Any]], float], items: Sequence[Any],
                         iters: int, *, seed: int = 0, workers: int | None = None) -> list[float]:
    """``fn`` of ``(iters // chunk) * chunk`` resamples of ``items`` (chunk = min(1000, iters)).

    Chunk ``i`` draws from ``random.Random(seed + i)``, which with ``seed=0`` reproduces
    lm-eval's resamples exactly.
    """
    if iters <= 0 or len(items) == 0:
        return []
    items = list(items)
    chunk = min(1000, iters)
    jobs = [(fn, items, seed + i, chunk) for i in range(iters // chunk)]
    workers = _workers() if workers is None else workers
    workers = min(workers, len(jobs))
    if workers > 1 and chunk * len(jobs) * len(items) >= PARALLEL_THRESHOLD:
        try:
            return _parallel(jobs, workers)
        except Exception as exc:  # unpicklable statistic, no /dev/shm, ...
            log.warning("lmeval: parallel bootstrap failed (%s); running it in-process", exc)
    out: list[float] = []
    for job in jobs:
        out.extend(_bootstrap_chunk(job))
    return out


def _parallel(jobs: list[tuple[Any, ...]], workers: int) -> list[float]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    out: list[float] = []
    ctx = multiprocessing.get_context("spawn")  # fork is unsafe once torch/CUDA threads exist
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        for result in pool.map(_bootstrap_chunk, jobs):
            out.extend(result)
    return out


def bootstrap_stderr(fn: Callable[[Sequence[Any]], float], items: Sequence[Any], iters: int,
                     *, seed: int = 0, workers: int | None = None) -> float:
    """Sample standard deviation of the bootstrap replicates of ``fn(items)``."""
    replicates = bootstrap_replicates(fn, items, iters, seed=seed, workers=workers)
    if len(replicates) < 2:
        return math.nan
    return agg.sample_stddev(replicates)


def stderr_for(aggregation: str, items: Sequence[Any], bootstrap_iters: int = 100000, *,
               metric: str | None = None, seed: int = 0, fn: Callable[[Sequence[Any]], float] | None = None,
               workers: int | None = None) -> float | str:
    """The stderr lm-eval reports for a metric aggregated by ``aggregation`` over ``items``.

    ``"N/A"`` when ``bootstrap_iters <= 0``, when there is at most one item, or when the
    aggregation has no stderr (weighted_perplexity, bits_per_byte, brier_score, bypass and any
    plugin aggregation). ``metric`` (default: the aggregation name) caps the bootstrap of
    bleu/chrf/chrf++/ter at 100 resamples as lm-eval does. ``fn`` overrides the function
    bootstrapped (default: the built-in aggregation of that name).
    """
    if bootstrap_iters is None or bootstrap_iters <= 0 or len(items) <= 1:
        return NA
    if aggregation in CLOSED_FORM:
        return CLOSED_FORM[aggregation](items)
    if aggregation not in BOOTSTRAPPED:
        return NA
    iters = bootstrap_iters
    if (metric or aggregation) in CAPPED_METRICS:
        iters = min(iters, CAPPED_ITERS)
    statistic = fn or agg.AGGREGATIONS[aggregation]
    return bootstrap_stderr(statistic, items, iters, seed=seed, workers=workers)


# ---------------------------------------------------------------------------------- groups


def aggregate_subtask_metrics(metrics: Sequence[float], sizes: Sequence[int],
                              weight_by_size: bool = True) -> float:
    """Group score: the size-weighted mean of subtask scores, or their plain mean."""
    if len(metrics) != len(sizes):
        raise ValueError("aggregate_subtask_metrics: one size per metric is needed")
    weights = list(sizes) if weight_by_size else [1] * len(sizes)
    return sum(m * w for m, w in zip(metrics, weights, strict=True)) / sum(weights)


def pooled_sample_stderr(stderrs: Sequence[float], sizes: Sequence[int]) -> float:
    """Stderr of a size-weighted group mean from subtask stderrs (pooled variance).

    ``sqrt(sum((n_i - 1) * se_i**2 * n_i) / (N - k) / N)`` with ``N = sum(n_i)``.
    """
    if len(stderrs) != len(sizes):
        raise ValueError("pooled_sample_stderr: one size per stderr is needed")
    total = sum(sizes)
    if total - len(sizes) <= 0:
        return math.nan
    pooled_var = sum((n - 1) * se**2 * n for se, n in zip(stderrs, sizes, strict=True)) / (total - len(sizes))
    return math.sqrt(pooled_var / total)


def unweighted_mean_stderr(stderrs: Sequence[float]) -> float:
    """Stderr of a plain mean of k independent subtask scores: ``sqrt(sum(se_i**2)) / k``."""
    return math.sqrt(sum(se**2 for se in stderrs)) / len(stderrs)


def combined_sample_stderr(stderrs: Sequence[float], sizes: Sequence[int],
                           metrics: Sequence[float]) -> float:
    """lm-eval's pairwise combined-variance stderr (unused by default; kept for parity).

    Reproduces lm-eval 0.4.13 step for step, including that the running score is updated
    before the variance term and the running size is never advanced.
    """
    if not (len(stderrs) == len(sizes) == len(metrics)):
        raise ValueError("combined_sample_stderr: stderrs, sizes and metrics must have one entry per subtask")
    variance = stderrs[0] ** 2
    curr_size = sizes[0]
    curr_score = metrics[0]
    for se, n, score in zip(stderrs[1:], sizes[1:], metrics[1:], strict=True):
        curr_score = (curr_score * curr_size + score * n) / (curr_size + n)
        variance = ((curr_size - 1) * variance + (n - 1) * se**2) / (curr_size + n - 1) + (
            curr_size * n / ((curr_size + n) * (curr_size + n - 1)) * (curr_score - score) ** 2
        )
    return math.sqrt(variance)


def group_stderr(stderrs: Sequence[float | str | None], sizes: Sequence[int],
                 weight_by_size: bool = True) -> float | str:
    """The stderr lm-eval reports for a group: pooled when weighted by size, else the stderr of
    the plain mean; ``"N/A"`` when any subtask has none."""
    if not stderrs or any(se is None or isinstance(se, str) for se in stderrs):
        return NA
    values = [float(se) for se in stderrs]  # type: ignore[arg-type]
    if weight_by_size:
        return pooled_sample_stderr(values, sizes)
    return unweighted_mean_stderr(values)
