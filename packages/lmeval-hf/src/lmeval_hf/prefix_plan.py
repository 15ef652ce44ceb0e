"""Which token prefixes loglikelihood rows share: a two-level prefix trie (pure Python).

A *row* is one distinct model input ``tokens`` whose logits are needed from position
``start`` on (the positions that predict continuation tokens). Its unscored head
``tokens[:start]`` never needs logits, only keys and values, so rows with the same head —
the choices of one question — are a *group* that computes the head once. Groups whose heads
share a long common prefix — the few-shot block every question of a task repeats — form a
*cluster* that computes that block once. Groups alone in their cluster are batched together
without a block; single rows alone in their cluster gain nothing and go to the plain path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Row:
    """One distinct input; ``members`` are ``(request_index, continuation_tokens)``."""

    tokens: tuple[int, ...]
    start: int
    members: list[tuple[int, list[int]]] = field(default_factory=list)

    @property
    def head(self) -> tuple[int, ...]:
        return self.tokens[:self.start]

    @property
    def suffix(self) -> tuple[int, ...]:
        return self.tokens[self.start:]


@dataclass
class Group:
    head: tuple[int, ...]
    rows: list[Row]


@dataclass
class Cluster:
    """Groups sharing ``block`` (empty for a batch of unrelated groups)."""

    block: tuple[int, ...]
    groups: list[Group]


@dataclass
class PrefixPlan:
    clusters: list[Cluster]
    plain: list[Row]
    trie_tokens: int


def common_prefix_len(a: Sequence[int], b: Sequence[int]) -> int:
    """Length of the common prefix, by bisection over C-level slice comparisons."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    lo, hi = 0, n  # a[:lo] == b[:lo], a[:hi] != b[:hi]
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


def trie_size(sequences: Sequence[Sequence[int]]) -> int:
    """Number of nodes of the token trie of ``sequences``: the fewest tokens a model must see."""
    ordered = sorted(set(tuple(s) for s in sequences))
    total, prev = 0, ()
    for seq in ordered:
        total += len(seq) - common_prefix_len(prev, seq)
        prev = seq
    return total


#: the least share of its heads' tokens a block must cover to be computed once. Heads fed
#: against a cached block cost about a third more per token than plain rows (more, smaller
#: passes; an explicit mask instead of the fused causal kernel): on MMLU-format 0-shot, where
#: the subject line is ~40% of each question, sharing it fed 0.57x the tokens in 0.77x the
#: time (GPT-2-small-sized Llama, CPU). Below ~25% the saving no longer pays for that cost.
MIN_SHARE = 0.3


def plan_prefixes(rows: Sequence[Row], *, min_block: int = 16,
                  min_saved: int = 64, min_share: float = MIN_SHARE) -> PrefixPlan:
    """Group rows by head, cluster heads by a shared block of at least ``min_block`` tokens
    that saves at least ``min_saved`` tokens (``block * (groups - 1)``) and covers at least
    ``min_share`` of the heads' tokens."""
    by_head: dict[tuple[int, ...], list[Row]] = {}
    plain: list[Row] = []
    for row in rows:
        if row.start <= 0:
            plain.append(row)
        else:
            by_head.setdefault(row.head, []).append(row)
    heads = sorted(by_head)
    lcps = [common_prefix_len(heads[i], heads[i + 1]) for i in range(len(heads) - 1)]
    clusters: list[Cluster] = []
    loose: list[Group] = []
    for lo, hi, block_len in _partition(heads, lcps, min_block, min_saved, min_share):
        groups = [Group(h, by_head[h]) for h in heads[lo:hi + 1]]
        if hi > lo:
            clusters.append(Cluster(heads[lo][:block_len], groups))
        else:
            loose.extend(groups)

    shared = [g for g in loose if len(g.rows) > 1]
    plain.extend(row for g in loose if len(g.rows) == 1 for row in g.rows)
    # heads computed once save head x (rows - 1) tokens; a lone pair of short rows does not pay
    # for the two passes (heads, then choices) it would take outside the plain batches
    if shared and sum(len(g.head) * (len(g.rows) - 1) for g in shared) >= min_saved:
        clusters.append(Cluster((), shared))
    else:
        plain.extend(row for g in shared for row in g.rows)
    return PrefixPlan(clusters, plain, trie_size([r.tokens for r in rows]))


def _partition(heads: Sequence[tuple[int, ...]], lcps: Sequence[int],
               min_block: int, min_saved: int = 0,
               min_share: float = MIN_SHARE) -> list[tuple[int, int, int]]:
    """Split sorted heads into runs ``(lo, hi, block_len)`` that minimise tokens fed.

    Runs first break wherever neighbours share fewer than ``min_block`` tokens. Within a run,
    keeping one cluster costs ``block + sum(len(head) - block)`` and is allowed only when the
    block covers at least ``min_share`` of the heads' tokens and saves at least ``min_saved`` tokens;
    splitting at the weakest link may cost less when the two halves share much longer blocks
    (a Cartesian-tree walk).
    """
    out: list[tuple[int, int, int]] = []
    n = len(heads)
    lo = 0
    for i in range(n):
        if i == n - 1 or lcps[i] < min_block:
            out.extend(_best_split(heads, lcps, lo, i, min_share=min_share, min_saved=min_saved))
            lo = i + 1
    return out


def _best_split(heads: Sequence[tuple[int, ...]], lcps: Sequence[int], lo: int,
                hi: int, min_share: float = MIN_SHARE,
                min_saved: int = 0) -> list[tuple[int, int, int]]:
    # post-order over the Cartesian tree of lcps[lo:hi], without recursion
    best: dict[tuple[int, int], tuple[int, list[tuple[int, int, int]]]] = {}
    stack = [(lo, hi, False)]
    while stack:
        a, b, ready = stack.pop()
        if a == b:
            best[(a, b)] = (len(heads[a]), [(a, a, len(heads[a]))])
            continue
        k = min(range(a, b), key=lcps.__getitem__)
        if not ready:
            stack.append((a, b, True))
            stack.append((a, k, False))
            stack.append((k + 1, b, False))
            continue
        m = lcps[k]
        total = sum(len(heads[i]) for i in range(a, b + 1))
        # a block that covers little of the heads costs more (an extra pass, small batches, no
        # fused causal kernel for heads on a cache) than its shared tokens save; so does a
        # block that saves only a few tokens (winogrande's two options share the ~20 tokens
        # before the blank): three small forward passes where the plain path spends a quarter
        # of one batch
        whole = (m + total - m * (b - a + 1)
                 if m * (b - a + 1) >= min_share * total and m * (b - a) >= min_saved else None)
        left, right = best.pop((a, k)), best.pop((k + 1, b))
        if whole is None or left[0] + right[0] < whole:
            best[(a, b)] = (left[0] + right[0], left[1] + right[1])
        else:
            best[(a, b)] = (whole, [(a, b, m)])
    return best[(lo, hi)][1]
