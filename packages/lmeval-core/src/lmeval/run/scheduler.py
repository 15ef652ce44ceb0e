"""From the requests of a run to model calls: dedup, cache, order, shard, batch, progress.

Answers reach the response cache as each batch finishes: the scheduler binds a collector to
the backend (``LM.answers_to``) for every call, the backend hands over each finished batch
(``LM.report_answers``), and the collector commits it and advances the progress line. Whatever
a backend does not report is stored when its call returns.
"""

from __future__ import annotations

import logging
import sqlite3
import sys
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lmeval.backend import distributed
from lmeval.media import Media
from lmeval.protocol import LM, Request, RequestKind
from lmeval.run.cache import CacheError, ResponseCache, request_key
from lmeval.run.progress import Progress

log = logging.getLogger("lmeval")

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
        self.chunk_size = chunk_size or lm.chunk_size or DEFAULT_CHUNK
        self.stats: dict[str, SchedulerStats] = {}
        #: (answers this scheduler committed to the cache, the keys of a write under way),
        #: replaced in one assignment: a signal between a commit and the count's update would
        #: miscount, so an interrupted run looks the keys under way up in the file
        self._tally: tuple[int, list[str]] = (0, [])

    def _key(self, request: Request, repeat: int) -> bytes:
        """The request's cache key as 32 bytes (half the memory of its hex text, which the
        response cache stores)."""
        if is_sampled(request):
            return bytes.fromhex(request_key(request.kind.value, request.args,
                                             f"seed={self.seed};repeat={repeat}"))
        return bytes.fromhex(request_key(request.kind.value, request.args))

    def run(self, calls: Collection[tuple[Request, int]]) -> list[Any]:
        """Answer ``(request, repeat_index)`` pairs (iterated more than once: a collection, not
        a generator); returns answers in the same order."""
        kinds = {req.kind for req, _ in calls}
        self.lm.check_supports(kinds)
        self.lm.check_inputs({i for req, _ in calls for i in getattr(req, "media", Media()).inputs})
        answers: dict[bytes, Any] = {}
        keys = [self._key(req, rep) for req, rep in calls]
        work: list[tuple[RequestKind, list[tuple[bytes, Request]], set[bytes]]] = []
        for kind in (RequestKind.LOGLIKELIHOOD, RequestKind.LOGLIKELIHOOD_ROLLING,
                     RequestKind.GENERATE_UNTIL):
            todo: dict[bytes, Request] = {}
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
            cacheable = ({k for k, r in todo.items() if not is_sampled(r) or self.seed is not None}
                         if self.cache is not None else set())  # no cache: no set of every key
            if self.cache is not None and cacheable:
                found = self.cache.get_many({k.hex() for k in cacheable})
                if distributed.rank_world(self.lm)[1] > 1:
                    # every rank must agree on what is left to compute
                    for part in self.lm.all_gather_object(found):
                        found.update(part)
                hits = {bytes.fromhex(k): v for k, v in found.items()}
                stats.cached += len(hits)
                answers.update((k, _restore(v)) for k, v in hits.items())
            work.append((kind, [(k, r) for k, r in todo.items() if k not in answers], cacheable))
            del todo
        self._announce(work)
        try:
            for kind, pending, cacheable in work:
                computed = self._compute(kind, pending, cacheable)
                self.stats[kind.value].computed += len(computed)
                answers.update(computed)
        except KeyboardInterrupt as exc:  # SIGINT/SIGTERM: say what the cache holds now
            from lmeval.run.interrupts import RunInterrupted

            if isinstance(exc, RunInterrupted) and self.cache is not None:
                exc.cache_path, exc.kept = self.cache.path, len(self.cache)
                done, writing = self._tally
                exc.computed = done + len(self.cache.get_many(writing))
            raise
        del work
        return [answers[k] for k in keys]

    def _show(self) -> bool:
        return self.progress is not False and distributed.rank_world(self.lm)[0] == 0

    def _announce(self, work: list[tuple[RequestKind, list[tuple[bytes, Request]], set[bytes]]]) -> None:
        """One line before any model call: how many answers come from the cache, how many not."""
        if not self._show():
            return
        cached = sum(s.cached for s in self.stats.values())
        parts = ", ".join(f"{kind.value} {len(pending)}" for kind, pending, _ in work if pending)
        todo = sum(len(pending) for _, pending, _ in work)
        where = "from the cache" if self.cache is not None else "cached (no --use_cache)"
        print(f"lmeval: {cached + todo} distinct requests: {cached} {where}, {todo} to compute"
              + (f" ({parts})" if parts else ""), file=sys.stderr, flush=True)

    def _compute(self, kind: RequestKind, pending: list[tuple[bytes, Request]],
                 cacheable: set[bytes]) -> dict[bytes, Any]:
        rank, world = distributed.rank_world(self.lm)
        mine = _order_and_shard(pending, rank, world)
        method: Callable[[list[Request]], list[Any]] = getattr(self.lm, kind.value)
        progress = Progress(kind.value, len(mine), self._show())
        out: dict[bytes, Any] = {}
        for start in range(0, len(mine), self.chunk_size):
            chunk = mine[start:start + self.chunk_size]
            collector = _Collector(self, [k for k, _ in chunk], cacheable, progress)
            with self.lm.answers_to(collector):
                results = method([r for _, r in chunk])
            if len(results) != len(chunk):
                raise RuntimeError(f"backend {self.lm.backend_name!r} returned {len(results)} answers "
                                   f"for {len(chunk)} {kind.value} requests")
            # restored chunk by chunk: the run never holds a second copy of its answers
            out.update((k, _restore(v)) for k, v in collector.finish(results, kind).items())
        if world > 1:
            merged: dict[bytes, Any] = {}
            for part in self.lm.all_gather_object(out):
                merged.update(part)
            return merged
        return out

    def _store(self, answers: Mapping[bytes, Any]) -> None:
        if self.cache is None or not answers:
            return
        items = {k.hex(): v for k, v in answers.items()}
        done = self._tally[0]
        self._tally = (done, list(items))
        try:
            self.cache.put_many(items)
        except (sqlite3.Error, CacheError) as exc:  # a full or vanished disk costs resumability, not the run
            print(f"lmeval: warning: cannot write to the response cache {self.cache.path} "
                  f"({exc.__cause__ if isinstance(exc, CacheError) else exc}); the run goes on "
                  "without it and cannot be resumed", file=sys.stderr)
            self.cache, self._tally = None, (done, [])
            return
        self._tally = (done + len(items), [])


def _context_of(request: Request) -> str:
    ctx = request.args[0]
    return ctx if isinstance(ctx, str) else repr(ctx)


def _order_and_shard(pending: list[tuple[bytes, Request]], rank: int, world: int) -> list[tuple[bytes, Request]]:
    """Longest context first (out-of-memory shows early), the requests of one context kept
    together (so backends reuse the shared prefix), and whole contexts dealt to ranks in turn."""
    groups: dict[str, list[tuple[bytes, Request]]] = {}
    for key, request in pending:
        groups.setdefault(_context_of(request), []).append((key, request))
    ordered = sorted(groups.items(), key=lambda item: (-len(item[0]), item[0]))
    for _, members in ordered:
        members.sort(key=lambda kr: (-_length(kr[1]), kr[0]))
    picked = ordered[rank::world] if world > 1 else ordered
    return [kr for _, members in picked for kr in members]


class _Collector:
    """The answers of one request call: committed as the backend reports each batch, checked
    against what the call returns, and the rest stored when it returns."""

    def __init__(self, scheduler: Scheduler, keys: list[bytes], cacheable: set[bytes],
                 progress: Progress) -> None:
        self.scheduler, self.keys, self.cacheable, self.progress = scheduler, keys, cacheable, progress
        self.reported: dict[int, Any] = {}
        self.lock = threading.Lock()

    def __call__(self, answers: Mapping[int, Any]) -> None:
        with self.lock:
            fresh: dict[bytes, Any] = {}
            new = 0
            for index, answer in answers.items():
                if not 0 <= index < len(self.keys):
                    raise IndexError(f"backend {self.scheduler.lm.backend_name!r} reported an "
                                     f"answer for request {index} of a call with {len(self.keys)}")
                if index in self.reported:
                    continue
                value = self.reported[index] = _plain(answer)
                new += 1
                if self.keys[index] in self.cacheable:
                    fresh[self.keys[index]] = value
            self.scheduler._store(fresh)
            self.progress.update(new)

    def finish(self, results: Sequence[Any], kind: RequestKind) -> dict[bytes, Any]:
        with self.lock:
            out: dict[bytes, Any] = {}
            rest: dict[bytes, Any] = {}
            for index, (key, result) in enumerate(zip(self.keys, results, strict=True)):
                value = out[key] = _plain(result)
                if index in self.reported:
                    if _same(self.reported[index], value):
                        continue
                    log.warning("backend %r reported an answer that differs from the one it "
                                "returned (%s request %d): the returned one is kept",
                                self.scheduler.lm.backend_name, kind.value, index)
                if key in self.cacheable:
                    rest[key] = value
            self.scheduler._store(rest)
            self.progress.update(len(self.keys) - len(self.reported))
            self.reported = dict.fromkeys(range(len(self.keys)))  # late reports are ignored
            return out


def _same(a: Any, b: Any) -> bool:
    return a == b or repr(a) == repr(b)  # NaN scores equal themselves here


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
