"""Paired tests of two runs over the same documents: McNemar's test for binary per-sample
scores, a paired sign-flip permutation test for continuous ones, a paired bootstrap interval
for the mean difference, and Holm's correction. Standard library only, seeded, exact where
stated (checked against scipy in the tests)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import compress

#: Sign flips enumerated exactly up to this many non-zero differences (2**n assignments).
EXACT_PERMUTATION_LIMIT = 16
_LOW_BIT = bytes(b & 1 for b in range(256))


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value: ``b`` and ``c`` are the discordant pairs (A right B
    wrong, A wrong B right); ``min(1, 2 * P(X <= min(b, c)))`` for ``X ~ Binomial(b + c, 1/2)``,
    summed in exact integers."""
    n = b + c
    if n == 0:
        return 1.0
    term = tail = 1  # C(n, 0)
    for k in range(1, min(b, c) + 1):
        term = term * (n - k + 1) // k
        tail += term
    return min(1.0, (2 * tail) / 2 ** n)  # int / int: correctly rounded


def mcnemar_chi2(b: int, c: int) -> float:
    """McNemar's chi-square test with Edwards' continuity correction (1 degree of freedom):
    ``(|b - c| - 1)^2 / (b + c)``, p from the chi-square survival function ``erfc(sqrt(x/2))``."""
    n = b + c
    if n == 0:
        return 1.0
    stat = (max(abs(b - c) - 1, 0)) ** 2 / n
    return math.erfc(math.sqrt(stat / 2))


def permutation_test(diffs: Sequence[float], *, iters: int, seed: int) -> tuple[float, bool]:
    """Two-sided paired permutation (sign-flip) test of a zero mean difference.

    Returns ``(p, exact)``: with at most :data:`EXACT_PERMUTATION_LIMIT` non-zero differences
    every sign assignment is enumerated (``exact``); otherwise ``iters`` random assignments from
    ``random.Random(seed)`` (one random byte per difference, flipped on its low bit) give
    ``(hits + 1) / (iters + 1)``. A statistic counts as extreme
    when ``|sum| >= |observed sum|`` (up to 1e-12 relative, for float sums)."""
    nonzero = [d for d in diffs if d != 0]
    observed = abs(math.fsum(nonzero))
    if not nonzero or observed == 0:
        return 1.0, True
    tol = observed * 1e-12
    n = len(nonzero)
    if n <= EXACT_PERMUTATION_LIMIT:
        hits = 0
        for mask in range(2 ** n):
            total = math.fsum(-d if mask >> i & 1 else d for i, d in enumerate(nonzero))
            hits += abs(total) >= observed - tol
        return hits / 2 ** n, True
    rnd = random.Random(seed)
    signed = math.fsum(nonzero)
    hits = 0
    for _ in range(iters):  # each difference flipped when the low bit of its random byte is set
        flipped = math.fsum(compress(nonzero, rnd.randbytes(n).translate(_LOW_BIT)))
        hits += abs(signed - 2 * flipped) >= observed - tol
    return (hits + 1) / (iters + 1), False


def bootstrap_interval(diffs: Sequence[float], *, iters: int, seed: int,
                       confidence: float = 0.95) -> tuple[float, float]:
    """Percentile interval of the mean paired difference: ``iters`` resamples of the documents
    (with replacement, ``random.Random(seed)``), the ``(1 - confidence) / 2`` and
    ``(1 + confidence) / 2`` quantiles by linear interpolation (numpy's default)."""
    n = len(diffs)
    if n == 0:
        return (math.nan, math.nan)
    rnd = random.Random(seed)
    values = list(diffs)
    means = sorted(math.fsum(rnd.choices(values, k=n)) / n for _ in range(iters))
    return (_quantile(means, (1 - confidence) / 2), _quantile(means, (1 + confidence) / 2))


def stratified_bootstrap_interval(strata: Sequence[Sequence[float]], *, iters: int, seed: int,
                                  confidence: float = 0.95) -> tuple[float, float]:
    """Percentile interval of the unweighted mean of per-stratum mean differences (a group's
    mean of its tasks' scores): each resample draws every stratum's documents with replacement."""
    strata = [list(s) for s in strata if s]
    if not strata:
        return (math.nan, math.nan)
    rnd = random.Random(seed)
    means = sorted(math.fsum(math.fsum(rnd.choices(s, k=len(s))) / len(s) for s in strata) / len(strata)
                   for _ in range(iters))
    return (_quantile(means, (1 - confidence) / 2), _quantile(means, (1 + confidence) / 2))


def _quantile(ordered: Sequence[float], q: float) -> float:
    pos = q * (len(ordered) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (step-down, monotone, capped at 1), in input order."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted
