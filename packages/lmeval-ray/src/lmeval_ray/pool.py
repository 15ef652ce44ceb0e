"""``--executor ray``: the driver's stand-in LM for a pool of Ray actors, one model replica each.

The core plans the run as in one process: it builds the requests once, removes duplicates and
cached answers, orders them and keys the response cache by the backend's own identity. Each
request call it makes on this LM is cut into batches (whole contexts kept together) that the
replicas pull from one queue, a few in flight per replica; every batch's answers reach the
response cache as it returns (``LM.report_answers``). A replica that dies has its unfinished
batches put back at the head of the queue for the others; replicas still waiting for resources
(an autoscaling cluster, a node joining) take work as soon as their model is loaded.
"""

from __future__ import annotations

import collections
import logging
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lmeval.errors import LmevalError, UsageError
from lmeval.protocol import LM, RequestKind
from lmeval.requires import require

from lmeval_ray.replica import Replica

log = logging.getLogger("lmeval")

Item = tuple[int, int]
"""A batch: ``[start, end)`` into the requests of the call in progress."""


@dataclass
class Member:
    """One replica of the pool and what it has done."""

    index: int
    actor: Any
    load_ref: Any
    state: str = "loading"  # loading, ready, lost
    info: dict[str, Any] = field(default_factory=dict)
    in_flight: list[Item] = field(default_factory=list)
    answered: int = 0
    batches: int = 0

    @property
    def where(self) -> str:
        if not self.info:
            return f"replica {self.index}"
        return f"replica {self.index} (node {self.info['node']}, pid {self.info['pid']})"


class RayPool(LM):
    """``replicas`` Ray actors each holding backend ``model``; see the module docstring.

    Options (``--executor ray:k=v,...``): ``replicas`` (actors to start), ``address`` (the Ray
    cluster: ``auto``, ``ray://host:port``, ``local`` for a new one on this machine; default:
    ``RAY_ADDRESS`` or a cluster already started here, else a new local one), ``num_cpus`` and
    ``num_gpus`` (per replica), ``batch`` (requests per batch a replica pulls), ``in_flight``
    (batches queued per replica), ``restarts`` (replacement replicas the run may start for lost
    ones), ``load_timeout`` (seconds to wait for a first replica to hold its model),
    ``min_ready`` (replicas that must hold the model before work starts; the rest join later).
    """

    chunk_size = 1 << 30  # the scheduler hands over every pending request of a kind at once

    def __init__(self, model: str, model_args: Mapping[str, Any], run_options: Mapping[str, Any],
                 *, replicas: int = 1, address: str | None = None, num_cpus: float = 1,
                 num_gpus: float = 0, batch: int = 32, in_flight: int = 2, restarts: int = 0,
                 load_timeout: float = 600.0, min_ready: int = 1) -> None:
        super().__init__()
        self.replicas = _number("replicas", replicas, int, 1)
        self.num_cpus = _number("num_cpus", num_cpus, float, 0)
        self.num_gpus = _number("num_gpus", num_gpus, float, 0)
        self.batch = _number("batch", batch, int, 1)
        self.depth = _number("in_flight", in_flight, int, 1)
        self.restarts_left = _number("restarts", restarts, int, 0)
        self.load_timeout = _number("load_timeout", load_timeout, float, 0)
        self.min_ready = min(_number("min_ready", min_ready, int, 1), self.replicas)
        self.model, self.run_options = model, dict(run_options)
        self.inner_args = dict(model_args)
        self.members: list[Member] = []
        self.lost: list[str] = []
        self.driver_seconds = 0.0  # the driver's own time in request calls, waits excluded
        self.call_seconds = 0.0  # wall time of request calls
        self.requests_done = 0
        self._info: dict[str, Any] = {}
        self._aborted = False
        self._ray = require("ray", needed_by="--executor ray", library="Ray")
        self._owns_ray = False
        if not self._ray.is_initialized():
            _check_address(address)
            self._owns_ray = True
            try:
                self._ray.init(address=None if address in (None, "", "local") else str(address),
                               include_dashboard=False, log_to_driver=False,
                               configure_logging=False, ignore_reinit_error=True)
            except (ValueError, ConnectionError, RuntimeError, TimeoutError, OSError) as exc:
                raise UsageError(f"--executor ray: cannot start or join Ray at address={address!r}: "
                                 f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
        elif address not in (None, "", "local"):
            log.info("lmeval-ray: Ray is already connected in this process; address=%s unused",
                     address)
        self._actor_cls = self._ray.remote(num_cpus=self.num_cpus, num_gpus=self.num_gpus,
                                           max_restarts=0)(Replica)
        try:
            self.add_replicas(self.replicas)
            self._first_loaded()
        except BaseException:
            self.close()
            raise

    # -- replicas ------------------------------------------------------------------------
    def add_replicas(self, n: int) -> None:
        """Start ``n`` more replicas; each takes work once its model is loaded."""
        for _ in range(n):
            actor = self._actor_cls.remote()
            ref = actor.load.remote(self.model, self.inner_args, self.run_options)
            self.members.append(Member(len(self.members), actor, ref))

    def _first_loaded(self) -> None:
        """Wait for ``min_ready`` replicas to hold the model (the run's identity and chat
        template come from the first); fail with a replica's own error, or name the resources
        nobody could get."""
        deadline = time.monotonic() + self.load_timeout
        while sum(m.state == "ready" for m in self.members) < self.min_ready:
            loading = {m.load_ref: m for m in self.members if m.state == "loading"}
            if not loading and self._info:
                break  # some were lost while loading: work starts with those that hold it
            if not loading:
                raise LmevalError(f"--executor ray: no replica could load model {self.model!r}: "
                                  + "; ".join(self.lost))
            remaining = deadline - time.monotonic()
            done, _ = self._ray.wait(list(loading), num_returns=1, timeout=max(remaining, 0))
            if not done and self._info:
                print(f"lmeval-ray: {len(loading)} replicas are not ready after "
                      f"load_timeout={self.load_timeout:g}s; work starts without them and they "
                      f"join when placed", file=sys.stderr, flush=True)
                break
            if not done:
                raise LmevalError(self._unplaced_message())
            self._join(loading[done[0]])

    def _join(self, member: Member) -> None:
        """A replica finished loading: take it into the pool, or say why not."""
        ray = self._ray
        try:
            info = ray.get(member.load_ref)
        except ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None) or exc
            if isinstance(cause, LmevalError):
                raise type(cause)(f"--executor ray: {member.where}: {cause}") from None
            raise LmevalError(f"--executor ray: {member.where} failed to load model "
                              f"{self.model!r}: {type(cause).__name__}: {cause}") from None
        except ray.exceptions.RayError as exc:  # the actor died while loading (OOM, node lost)
            self._lose(member, exc)
            return
        if not self._info:
            self._info, self._first = info, member
            self.backend_name = info["backend_name"]
            self.model_args = info["model_args"]
            self.supported_kinds = frozenset(RequestKind(k) for k in info["supported_kinds"])
            self.supported_inputs = frozenset(info.get("supported_inputs", ("text",)))
        elif info["identity"] != self._info["identity"]:
            self._lose(member, None)
            raise LmevalError(f"--executor ray: {member.where} holds another model than "
                              f"{self._first.where}: cache identity {info['identity']} vs "
                              f"{self._info['identity']} (different files on its node?)")
        member.info, member.state = info, "ready"

    def _lose(self, member: Member, exc: BaseException | None) -> None:
        """A replica is gone: its unfinished batches are the caller's to requeue."""
        member.state = "lost"
        try:
            self._ray.kill(member.actor, no_restart=True)
        except Exception:  # noqa: BLE001 - already dead
            pass
        reason = f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}" if exc else "stopped"
        self.lost.append(f"{member.where}: {reason}")
        alive = sum(m.state != "lost" for m in self.members)
        note = ""
        if self.restarts_left > 0:
            self.restarts_left -= 1
            self.add_replicas(1)
            alive += 1
            note = f"; a replacement starts ({self.restarts_left} restarts left)"
        pending = sum(e - s for s, e in member.in_flight)
        print(f"lmeval-ray: {member.where} lost ({reason}); its {len(member.in_flight)} unfinished "
              f"batches ({pending} requests) go back to the queue; {alive} replicas remain{note}",
              file=sys.stderr, flush=True)

    def _unplaced_message(self) -> str:
        try:
            have = self._ray.available_resources()
        except Exception:  # noqa: BLE001 - only for the message
            have = {}
        free = ", ".join(f"{k} {v:g}" for k, v in sorted(have.items()) if k in ("CPU", "GPU"))
        return (f"--executor ray: no replica of model {self.model!r} was ready within "
                f"load_timeout={self.load_timeout:g}s; each asks for num_cpus={self.num_cpus:g}, "
                f"num_gpus={self.num_gpus:g} and the cluster has {free or 'nothing'} free "
                f"(lower num_cpus/num_gpus, add nodes, or raise load_timeout for a slow load)")

    # -- requests ------------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[Any]) -> list[Any]:
        return self._run(RequestKind.LOGLIKELIHOOD, requests)

    def loglikelihood_rolling(self, requests: Sequence[Any]) -> list[Any]:
        return self._run(RequestKind.LOGLIKELIHOOD_ROLLING, requests)

    def generate_until(self, requests: Sequence[Any]) -> list[Any]:
        return self._run(RequestKind.GENERATE_UNTIL, requests)

    def _run(self, kind: RequestKind, requests: Sequence[Any]) -> list[Any]:
        """Every request answered by some replica, each batch exactly once, in order."""
        try:
            return self._dispatch(kind, requests)
        except BaseException:
            self._aborted = True  # interrupted or failed: replicas are killed, not waited for
            raise

    def _dispatch(self, kind: RequestKind, requests: Sequence[Any]) -> list[Any]:
        ray = self._ray
        requests = list(requests)
        results: list[Any] = [None] * len(requests)
        queue: collections.deque[Item] = collections.deque(split(requests, self.batch))
        refs: dict[Any, tuple[Member, Item]] = {}
        started = time.perf_counter()
        waited = 0.0
        while queue or refs:
            for member in sorted((m for m in self.members if m.state == "ready"),
                                 key=lambda m: len(m.in_flight)):
                while queue and len(member.in_flight) < self.depth:
                    item = queue.popleft()
                    member.in_flight.append(item)
                    refs[member.actor.answer.remote(kind.value, requests[item[0]:item[1]])] = (member, item)
            loading = {m.load_ref: m for m in self.members if m.state == "loading"}
            if not refs and not loading:
                raise LmevalError("--executor ray: every replica is lost (" + "; ".join(self.lost)
                                  + "); the answers so far are in the response cache: rerun "
                                  "with --use_cache to resume")
            tick = time.perf_counter()
            done, _ = ray.wait([*refs, *loading], num_returns=1,
                               timeout=None if refs else self.load_timeout)
            waited += time.perf_counter() - tick
            if not done:
                raise LmevalError(self._unplaced_message())
            for ref in done:
                if ref in loading:
                    self._join(loading[ref])
                    continue
                member, item = refs.pop(ref)
                self._settle(kind, ref, member, item, results, refs, queue)
        self.call_seconds += time.perf_counter() - started
        self.driver_seconds += time.perf_counter() - started - waited
        self.requests_done += len(requests)
        return results

    def _settle(self, kind: RequestKind, ref: Any, member: Member, item: Item,
                results: list[Any], refs: dict[Any, tuple[Member, Item]],
                queue: collections.deque[Item]) -> None:
        """One batch came back: its answers reported, or its replica lost and its work requeued."""
        ray = self._ray
        try:
            answers = ray.get(ref)
        except ray.exceptions.RayTaskError as exc:  # the backend raised: as in one process
            cause = getattr(exc, "cause", None)
            if isinstance(cause, BaseException):
                raise cause from None
            raise
        except ray.exceptions.RayError as exc:  # the actor or its node is gone
            for other in [r for r, (m, _) in refs.items() if m is member]:
                refs.pop(other)
            self._lose(member, exc)
            for lost_item in reversed(member.in_flight):
                queue.appendleft(lost_item)
            member.in_flight.clear()
            return
        member.in_flight.remove(item)
        start, end = item
        results[start:end] = answers
        member.answered += end - start
        member.batches += 1
        self.report_answers({start + i: a for i, a in enumerate(answers)})

    # -- what the core reads -------------------------------------------------------------
    def identity(self) -> Mapping[str, Any]:
        """The backend's own cache identity, as its replica computed it: cached answers are
        shared with single-process runs and runs with any number of replicas."""
        return self._info["identity"]

    @property
    def tokenizer_name(self) -> str:
        return str(self._info.get("tokenizer_name") or "")

    @property
    def chat_template(self) -> str | None:
        return self._info.get("chat_template")

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        member = next(m for m in self.members if m.state == "ready")
        ref = member.actor.apply_chat_template.remote(list(messages), add_generation_prompt)
        try:
            return str(self._ray.get(ref))
        except self._ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, BaseException):
                raise cause from None
            raise

    def summary(self) -> str:
        """One line: what each replica answered, and which were lost."""
        parts = ", ".join(f"{m.index}: {m.answered}" for m in self.members if m.batches)
        text = (f"lmeval-ray: {self.requests_done} requests over {len(self.members)} replicas "
                f"(answered per replica: {parts or 'none'})")
        if self.lost:
            text += f"; lost: {'; '.join(self.lost)}"
        return text

    def close(self) -> None:
        """Stop the replicas (their backends closed first), and Ray if this pool started it."""
        ray = getattr(self, "_ray", None)
        if ray is None or not self.members and not self._owns_ray:
            return
        if self.requests_done:
            print(self.summary(), file=sys.stderr, flush=True)
        ready = [m for m in self.members if m.state == "ready"]
        if ready and not self._aborted:  # let backends stop their engines, then kill
            try:
                ray.wait([m.actor.close.remote() for m in ready], num_returns=len(ready), timeout=30)
            except Exception:  # noqa: BLE001 - they are killed below either way
                pass
        for member in self.members:
            try:
                ray.kill(member.actor, no_restart=True)
            except Exception:  # noqa: BLE001 - already gone
                pass
        self.members = []
        if self._owns_ray:
            ray.shutdown()
            self._owns_ray = False


def split(requests: Sequence[Any], batch: int) -> list[Item]:
    """Consecutive batches of about ``batch`` requests; requests that share a context (the
    scheduler keeps them together) stay in one batch, so a backend reuses the shared prefix."""
    items: list[Item] = []
    start = 0
    for i in range(1, len(requests) + 1):
        if i == len(requests) or (i - start >= batch and _context(requests[i]) != _context(requests[i - 1])):
            items.append((start, i))
            start = i
    return items


def _context(request: Any) -> Any:
    first = request.args[0]
    return first if isinstance(first, str) else repr(first)


def _check_address(address: Any, timeout: float = 5.0) -> None:
    """``address`` is ``local``, ``auto``, ``ray://host:port`` or ``host:port`` that accepts a
    connection: a wrong one is a usage error in seconds (Ray itself retries a dead GCS address
    for minutes, and raises tracebacks on a malformed one)."""
    if address in (None, "", "local", "auto"):
        return
    text = str(address)
    hostport = text.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536 or "/" in hostport:
        raise UsageError(f"--executor ray: address={text!r}: expected local, auto, host:port "
                         f"(a cluster's GCS) or ray://host:port (Ray Client)")
    import socket

    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise UsageError(f"--executor ray: nothing answers at address={text!r} "
                         f"({exc.strerror or type(exc).__name__}); is the Ray cluster up "
                         f"(ray start --head) and the port right?") from None


def _number(name: str, value: Any, cast: type, minimum: float) -> Any:
    """An option's value as ``cast``, at least ``minimum``, or a usage error naming it."""
    try:
        number = cast(value)
        if (isinstance(value, bool) or not math.isfinite(number) or number < minimum
                or (cast is int and number != float(value))):
            raise ValueError
    except (TypeError, ValueError, OverflowError):  # "two", nan, inf, 1e400
        kind = "an integer" if cast is int else "a finite number"
        raise UsageError(f"--executor ray: {name}: expected {kind} >= {minimum:g}, got {value!r}") from None
    return number
