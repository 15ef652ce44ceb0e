"""Splitting jobs across data-parallel replicas and putting the answers back in order.

Jobs come in *units* (lists of job indices that share a context and must run on the same
replica so its prefix cache serves them). Units are dealt out in order to contiguous shards of
about equal cost, which keeps neighbouring units (often sharing a few-shot prefix) together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def shard_units(units: Sequence[Sequence[int]], costs: Sequence[int], n: int) -> list[list[int]]:
    """Split ``units`` into ``n`` contiguous shards of job indices with balanced cost.

    Every index of every unit appears in exactly one shard; a unit is never split. Shards may
    be empty when there are fewer units than replicas.
    """
    if n < 1:
        raise ValueError("need at least one shard")
    unit_costs = [sum(max(1, costs[i]) for i in unit) for unit in units]
    total = sum(unit_costs)
    shards: list[list[int]] = [[] for _ in range(n)]
    done = 0
    k = 0
    for unit, cost in zip(units, unit_costs, strict=True):
        # Move on once this shard holds its share of the total (by the unit's midpoint).
        while k < n - 1 and (done + cost / 2) > total * (k + 1) / n:
            k += 1
        shards[k].extend(unit)
        done += cost
    return shards


def reassemble(shards: Sequence[Sequence[int]], results: Sequence[Sequence[T]], total: int) -> list[T]:
    """Answers in job order from per-shard answers (``results[s][j]`` answers ``shards[s][j]``)."""
    out: list[Any] = [None] * total
    seen = [False] * total
    for shard, answers in zip(shards, results, strict=True):
        if len(shard) != len(answers):
            raise RuntimeError(f"a replica returned {len(answers)} answers for {len(shard)} jobs")
        for index, answer in zip(shard, answers, strict=True):
            out[index] = answer
            seen[index] = True
    if not all(seen):
        raise RuntimeError("some jobs were not answered by any replica")
    return out
