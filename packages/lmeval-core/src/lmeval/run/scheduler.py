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
from array import array
from collections.abc import Callable, Collection, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, overload

from lmeval.backend import distributed
from lmeval.media import Media
from lmeval.protocol import LM, LoglikelihoodRequest, Request, RequestKind, RollingRequest
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

    def _identity(self, request: Request, repeat: int) -> Hashable:
        """What makes two calls one request: the request itself where its fields are plain text
        (equal fields, equal key), else its key."""
        if type(request) is LoglikelihoodRequest:
            if type(request.context) is str and not request.media:
                return request
        elif type(request) is RollingRequest and type(request.text) is str:
            return request
        return self._key(request, repeat)

    def run(self, calls: Collection[tuple[Request, int]]) -> list[Any]:
        """Answer ``(request, repeat_index)`` pairs (iterated more than once: a collection, not
        a generator); returns answers in the same order."""
        return list(self.answer(calls))

    def answer(self, calls: Collection[tuple[Request, int]]) -> Answers:
        """As :meth:`run`, answered as a sequence that holds 8 bytes per call and each distinct
        answer once (a log-likelihood answer in 9 bytes), not an object per call."""
        kinds = {req.kind for req, _ in calls}
        self.lm.check_supports(kinds)
        self.lm.check_inputs({i for req, _ in calls for i in getattr(req, "media", Media()).inputs})
        slots = array("q", bytes(8 * len(calls)))
        distinct = _Distinct()
        spans: list[tuple[RequestKind, int, int]] = []
        for kind in (RequestKind.LOGLIKELIHOOD, RequestKind.LOGLIKELIHOOD_ROLLING,
                     RequestKind.GENERATE_UNTIL):
            first, requested = len(distinct.requests), 0
            # two passes: a set finds the requests asked more than once, then only those are
            # numbered in a dict (a set entry costs half a dict entry and its number)
            seen: set[Hashable] = set()
            repeated: dict[Hashable, int] = {}
            for req, rep in calls:
                if req.kind is kind:
                    ident = self._identity(req, rep)
                    if ident in seen:
                        repeated[ident] = -1
                    else:
                        seen.add(ident)
            del seen
            for index, (req, rep) in enumerate(calls):
                if req.kind is kind:
                    requested += 1
                    if repeated:
                        ident = self._identity(req, rep)
                        slot = repeated.get(ident)
                        if slot is not None:
                            if slot < 0:
                                slot = repeated[ident] = distinct.add(req, rep)
                            slots[index] = slot
                            continue
                    slots[index] = distinct.add(req, rep)
            del repeated
            if requested:
                stats = self.stats.setdefault(kind.value, SchedulerStats())
                stats.requested += requested
                stats.unique += len(distinct.requests) - first
                spans.append((kind, first, len(distinct.requests)))
        table = AnswerTable(len(distinct.requests))
        work: list[tuple[RequestKind, array]] = []
        for kind, first, end in spans:
            if self.cache is not None:
                self._from_cache(kind, distinct, range(first, end), table)
            work.append((kind, array("q", (s for s in range(first, end) if not table.has(s)))))
        self._announce(work)
        try:
            for kind, pending in work:
                self._compute(kind, pending, distinct, table)
                self.stats[kind.value].computed += len(pending)
        except KeyboardInterrupt as exc:  # SIGINT/SIGTERM: say what the cache holds now
            from lmeval.run.interrupts import RunInterrupted

            if isinstance(exc, RunInterrupted) and self.cache is not None:
                exc.cache_path, exc.kept = self.cache.path, len(self.cache)
                done, writing = self._tally
                exc.computed = done + len(self.cache.get_many(writing))
            raise
        return Answers(slots, table)

    def _cache_key(self, distinct: _Distinct, slot: int) -> str | None:
        """The hex key a distinct request's answer is stored under, or None when it is not
        stored (no cache; a sampled generation without a seed)."""
        if self.cache is None:
            return None
        req = distinct.requests[slot]
        if is_sampled(req) and self.seed is None:
            return None
        return self._key(req, distinct.repeat(slot)).hex()

    def _from_cache(self, kind: RequestKind, distinct: _Distinct, slots: range,
                    table: AnswerTable) -> None:
        assert self.cache is not None
        keys = {k: s for s in slots if (k := self._cache_key(distinct, s)) is not None}
        if not keys:
            return
        found = self.cache.get_many(set(keys))
        if distributed.rank_world(self.lm)[1] > 1:
            # every rank must agree on what is left to compute
            for part in self.lm.all_gather_object(found):
                found.update(part)
        self.stats[kind.value].cached += len(found)
        for k, v in found.items():
            table.put(keys[k], _restore(v))

    def _show(self) -> bool:
        return self.progress is not False and distributed.rank_world(self.lm)[0] == 0

    def _announce(self, work: list[tuple[RequestKind, array]]) -> None:
        """One line before any model call: how many answers come from the cache, how many not."""
        if not self._show():
            return
        cached = sum(s.cached for s in self.stats.values())
        parts = ", ".join(f"{kind.value} {len(pending)}" for kind, pending in work if pending)
        todo = sum(len(pending) for _, pending in work)
        where = "from the cache" if self.cache is not None else "cached (no --use_cache)"
        print(f"lmeval: {cached + todo} distinct requests: {cached} {where}, {todo} to compute"
              + (f" ({parts})" if parts else ""), file=sys.stderr, flush=True)

    def _compute(self, kind: RequestKind, pending: array, distinct: _Distinct,
                 table: AnswerTable) -> None:
        """Answer the ``pending`` distinct requests of one kind into ``table`` (every rank's)."""
        rank, world = distributed.rank_world(self.lm)
        requests = distinct.requests
        mine = _order_and_shard(pending, requests.__getitem__,
                                lambda s: self._key(requests[s], distinct.repeat(s)), rank, world)
        method: Callable[[list[Request]], list[Any]] = getattr(self.lm, kind.value)
        progress = Progress(kind.value, len(mine), self._show())
        out: dict[int, Any] = {}
        for start in range(0, len(mine), self.chunk_size):
            chunk = mine[start:start + self.chunk_size]
            collector = _Collector(self, [self._cache_key(distinct, s) for s in chunk], progress)
            with self.lm.answers_to(collector):
                results = method([requests[s] for s in chunk])
            if len(results) != len(chunk):
                raise RuntimeError(f"backend {self.lm.backend_name!r} returned {len(results)} answers "
                                   f"for {len(chunk)} {kind.value} requests")
            # restored chunk by chunk: the run never holds a second copy of its answers
            values = collector.finish(results, kind)
            if world > 1:
                out.update((s, _restore(v)) for s, v in zip(chunk, values, strict=True))
            else:
                for s, v in zip(chunk, values, strict=True):
                    table.put(s, _restore(v))
        if world > 1:
            for part in self.lm.all_gather_object(out):
                for s, v in part.items():
                    table.put(s, v)

    def _store(self, items: Mapping[str, Any]) -> None:
        if self.cache is None or not items:
            return
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


def _order_and_shard(pending: Iterable[int], request: Callable[[int], Request],
                     tiebreak: Callable[[int], Any], rank: int, world: int) -> array:
    """Longest context first (out-of-memory shows early), the requests of one context kept
    together (so backends reuse the shared prefix), and whole contexts dealt to ranks in turn.

    ``pending`` are request numbers, ``request`` gives each one's request and ``tiebreak`` what
    orders two of a context with equal lengths (their keys); the numbers come back in order."""
    groups: dict[str, array] = {}
    for slot in pending:
        ctx = _context_of(request(slot))
        members = groups.get(ctx)
        if members is None:
            members = groups[ctx] = array("q")
        members.append(slot)
    contexts = sorted(groups)  # by text, then (stable) longest first: no key tuple per context
    contexts.sort(key=len, reverse=True)
    picked = contexts[rank::world] if world > 1 else contexts
    del contexts
    out = array("q")
    for ctx in picked:
        members = groups.pop(ctx)
        if len(members) > 1:
            members = sorted(members, key=lambda s: (-_length(request(s)), tiebreak(s)))
        out.extend(members)
    return out


class _Collector:
    """The answers of one request call: committed as the backend reports each batch, checked
    against what the call returns, and the rest stored when it returns. ``keys``: each
    request's cache key, None for one not stored."""

    def __init__(self, scheduler: Scheduler, keys: list[str | None], progress: Progress) -> None:
        self.scheduler, self.keys, self.progress = scheduler, keys, progress
        self.reported: dict[int, Any] = {}
        self.lock = threading.Lock()

    def __call__(self, answers: Mapping[int, Any]) -> None:
        with self.lock:
            fresh: dict[str, Any] = {}
            new = 0
            for index, answer in answers.items():
                if not 0 <= index < len(self.keys):
                    raise IndexError(f"backend {self.scheduler.lm.backend_name!r} reported an "
                                     f"answer for request {index} of a call with {len(self.keys)}")
                if index in self.reported:
                    continue
                value = self.reported[index] = _plain(answer)
                new += 1
                if (key := self.keys[index]) is not None:
                    fresh[key] = value
            self.scheduler._store(fresh)
            self.progress.update(new)

    def finish(self, results: Sequence[Any], kind: RequestKind) -> list[Any]:
        with self.lock:
            out: list[Any] = []
            rest: dict[str, Any] = {}
            for index, (key, result) in enumerate(zip(self.keys, results, strict=True)):
                value = _plain(result)
                out.append(value)
                if index in self.reported:
                    if _same(self.reported[index], value):
                        continue
                    log.warning("backend %r reported an answer that differs from the one it "
                                "returned (%s request %d): the returned one is kept",
                                self.scheduler.lm.backend_name, kind.value, index)
                if key is not None:
                    rest[key] = value
            self.scheduler._store(rest)
            self.progress.update(len(self.keys) - len(self.reported))
            self.reported = dict.fromkeys(range(len(self.keys)))  # late reports are ignored
            return out


class _Distinct:
    """The distinct requests of a run, numbered in order; the repeat of each sampled one."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.repeats: dict[int, int] = {}

    def add(self, request: Request, repeat: int) -> int:
        slot = len(self.requests)
        self.requests.append(request)
        if repeat and is_sampled(request):
            self.repeats[slot] = repeat
        return slot

    def repeat(self, slot: int) -> int:
        return self.repeats.get(slot, 0)


class AnswerTable:
    """One answer per distinct request: a ``(logprob, is_greedy)`` pair as 9 bytes (a float
    column and a flag byte), any other answer as itself."""

    __slots__ = ("flags", "logprobs", "other")

    def __init__(self, size: int) -> None:
        self.logprobs = array("d", bytes(8 * size))
        self.flags = bytearray(size)  # 0 unanswered, 1 in other, 2 (x, False), 3 (x, True)
        self.other: dict[int, Any] = {}

    def put(self, slot: int, value: Any) -> None:
        if type(value) is tuple and len(value) == 2 and type(value[0]) is float and type(value[1]) is bool:
            self.logprobs[slot] = value[0]
            self.flags[slot] = 3 if value[1] else 2
            self.other.pop(slot, None)
        else:
            self.other[slot] = value
            self.flags[slot] = 1

    def has(self, slot: int) -> bool:
        return self.flags[slot] != 0

    def get(self, slot: int) -> Any:
        flag = self.flags[slot]
        if flag >= 2:
            return (self.logprobs[slot], flag == 3)
        return self.other[slot]


class Answers(Sequence[Any]):
    """Every call's answer in the caller's order, read from the table of distinct answers."""

    def __init__(self, slots: array, table: AnswerTable) -> None:
        self.slots, self.table = slots, table

    def __len__(self) -> int:
        return len(self.slots)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self.table.get(s) for s in self.slots[index]]
        return self.table.get(self.slots[index])

    def __iter__(self) -> Iterator[Any]:
        get = self.table.get
        return (get(s) for s in self.slots)


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
