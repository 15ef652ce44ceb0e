"""From the requests of a run to model calls: dedup, cache, order, shard, batch, progress."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lmeval import distributed
from lmeval.cache import ResponseCache, request_key
from lmeval.protocol import LM, Request, RequestKind

DEFAULT_CHUNK = 256


def is_sampled(request: Request) -> bool:
    if request.kind is not RequestKind.GENERATE_UNTIL:
        return False
    kwargs = request.generation_kwargs()  # type: ignore[union-attr]
    return bool(kwargs.get("do_sample")) or float(kwargs.get("temperature", 0.0) or 0.0) > 0.0


def _length(request: Request) -> int:
    args = request.args
    total = 0
    for a in args:
        if isinstance(a, str):
            total += len(a)
        elif isinstance(a, tuple):
            total += sum(len(str(m.get("content", ""))) for m in a if isinstance(m, dict))
    return total


class Progress:
    """One line per request kind on stderr, with rate and ETA; silent when not a TTY."""

    def __init__(self, label: str, total: int, enabled: bool | None = None) -> None:
        self.label, self.total, self.done = label, total, 0
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self._last = 0.0

    def update(self, n: int) -> None:
        self.done += n
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.2 or self.done >= self.total):
            self._last = now
            elapsed = max(now - self.start, 1e-9)
            rate = self.done / elapsed
            eta = (self.total - self.done) / rate if rate > 0 else 0.0
            sys.stderr.write(f"\r{self.label}: {self.done}/{self.total} "
                             f"[{rate:.1f} req/s, ETA {eta:.0f}s]")
            if self.done >= self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


@dataclass
class SchedulerStats:
    requested: int = 0
    unique: int = 0
    cached: int = 0
    computed: int = 0


class Scheduler:
    """Answers every request of a run, computing each distinct uncached request once."""

    def __init__(self, lm: LM, cache: ResponseCache | None = None, *, seed: Any = None,
                 progress: bool | None = None, chunk_size: int | None = None) -> None:
        self.lm = lm
        self.cache = cache
        self.seed = seed
        self.progress = progress
        self.chunk_size = chunk_size or getattr(lm, "chunk_size", None) or DEFAULT_CHUNK
        self.stats: dict[str, SchedulerStats] = {}

    def _key(self, request: Request, repeat: int) -> str:
        if is_sampled(request):
            return request_key(request.kind.value, request.args, f"seed={self.seed};repeat={repeat}")
        return request_key(request.kind.value, request.args)

    def run(self, calls: Sequence[tuple[Request, int]]) -> list[Any]:
        """Answer ``(request, repeat_index)`` pairs; returns answers in the same order."""
        kinds = {req.kind for req, _ in calls}
        self.lm.check_supports(kinds)
        answers: dict[str, Any] = {}
        keys = [self._key(req, rep) for req, rep in calls]
        for kind in (RequestKind.LOGLIKELIHOOD, RequestKind.LOGLIKELIHOOD_ROLLING,
                     RequestKind.GENERATE_UNTIL):
            todo: dict[str, Request] = {}
            requested = 0
            for (req, _), key in zip(calls, keys, strict=False):
                if req.kind is kind:
                    requested += 1
                    todo.setdefault(key, req)
            if not todo:
                continue
            stats = self.stats.setdefault(kind.value, SchedulerStats())
            stats.requested += requested
            stats.unique += len(todo)
            cacheable = {k for k, r in todo.items() if not is_sampled(r) or self.seed is not None}
            if self.cache is not None and cacheable:
                hits = self.cache.get_many(cacheable)
                if distributed.rank_world(self.lm)[1] > 1:
                    # every rank must agree on what is left to compute
                    for part in distributed.all_gather_object(hits, self.lm):
                        hits.update(part)
                stats.cached += len(hits)
                answers.update(hits)
            pending = [(k, r) for k, r in todo.items() if k not in answers]
            computed = self._compute(kind, pending, cacheable)
            stats.computed += len(computed)
            answers.update(computed)
        return [_restore(answers[k]) for k in keys]

    def _compute(self, kind: RequestKind, pending: list[tuple[str, Request]],
                 cacheable: set[str]) -> dict[str, Any]:
        rank, world = distributed.rank_world(self.lm)
        mine = _order_and_shard(pending, rank, world)
        method: Callable[[list[Request]], list[Any]] = getattr(self.lm, kind.value)
        progress = Progress(kind.value, len(mine), self.progress if rank == 0 else False)
        out: dict[str, Any] = {}
        streams = _accepts_on_answer(method) and self.cache is not None
        for start in range(0, len(mine), self.chunk_size):
            chunk = mine[start:start + self.chunk_size]
            if streams:
                sink = _AnswerSink(self.cache, [k for k, _ in chunk], cacheable)
                try:
                    results = method([r for _, r in chunk], on_answer=sink)
                finally:  # a failing or interrupted chunk keeps every answer that arrived
                    sink.flush()
            else:
                results = method([r for _, r in chunk])
            if len(results) != len(chunk):
                raise RuntimeError(f"backend {self.lm.backend_name!r} returned {len(results)} answers "
                                   f"for {len(chunk)} {kind.value} requests")
            fresh = {k: _plain(v) for (k, _), v in zip(chunk, results, strict=False)}
            if self.cache is not None:
                self.cache.put_many({k: v for k, v in fresh.items() if k in cacheable})
            out.update(fresh)
            progress.update(len(chunk))
        if world > 1:
            merged: dict[str, Any] = {}
            for part in distributed.all_gather_object(out, self.lm):
                merged.update(part)
            return merged
        return out


def _context_of(request: Request) -> str:
    ctx = request.args[0]
    return ctx if isinstance(ctx, str) else repr(ctx)


def _order_and_shard(pending: list[tuple[str, Request]], rank: int, world: int) -> list[tuple[str, Request]]:
    """Longest context first (out-of-memory shows early), the requests of one context kept
    together (so backends reuse the shared prefix), and whole contexts dealt to ranks in turn."""
    groups: dict[str, list[tuple[str, Request]]] = {}
    for key, request in pending:
        groups.setdefault(_context_of(request), []).append((key, request))
    ordered = sorted(groups.items(), key=lambda item: (-len(item[0]), item[0]))
    for _, members in ordered:
        members.sort(key=lambda kr: (-_length(kr[1]), kr[0]))
    picked = ordered[rank::world] if world > 1 else ordered
    return [kr for _, members in picked for kr in members]


def _accepts_on_answer(method: Callable[..., Any]) -> bool:
    import inspect

    try:
        return "on_answer" in inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False


class _AnswerSink:
    """``on_answer(index, answer)`` for backends that stream: cached every 32 answers or 1 s,
    so an interrupted run keeps what arrived, not only whole chunks."""

    def __init__(self, cache: ResponseCache, keys: list[str], cacheable: set[str]) -> None:
        import threading

        self.cache, self.keys, self.cacheable = cache, keys, cacheable
        self.pending: dict[str, Any] = {}
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def __call__(self, index: int, answer: Any) -> None:
        key = self.keys[index]
        if key not in self.cacheable:
            return
        with self.lock:
            self.pending[key] = _plain(answer)
            if len(self.pending) >= 32 or time.monotonic() - self.last > 1.0:
                self._flush()

    def flush(self) -> None:
        with self.lock:
            self._flush()

    def _flush(self) -> None:
        if self.pending:
            self.cache.put_many(self.pending)
            self.pending = {}
        self.last = time.monotonic()


def _plain(value: Any) -> Any:
    """Answers as JSON-able values (tuples become lists), identical fresh or cached."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        return value.item()
    if isinstance(value, bool) or value is None or isinstance(value, (str, int)):
        return value
    if isinstance(value, float):
        return float(value)
    return value


def _restore(value: Any) -> Any:
    if isinstance(value, list) and len(value) == 2 and isinstance(value[1], bool):
        return (float(value[0]), value[1])
    return value
