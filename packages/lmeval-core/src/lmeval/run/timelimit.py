"""Time limits on a task's own code: ``!function`` imports, ``process_docs``, and the rendering of
each document (Jinja templates, ``doc_to_*`` functions), so an endless loop is an error naming
the file instead of a hang.

How: ``SIGALRM`` from ``setitimer`` in the main thread, whose handler raises
:class:`CodeTimeout` in the code that runs. A watchdog thread cannot stop the main thread's
Python code (``interrupt_main`` only raises ``KeyboardInterrupt``, which lmeval reads as Ctrl-C),
and a subprocess per call would cost a fork and a pickle per document and could not hand back
a task's module state. The signal stops a Python loop, a Jinja ``{% for %}`` and a blocking
sleep; it cannot stop one long C call (a regular expression backtracking, ``list(range(10**12))``:
the Jinja ``range`` is bounded for that reason, see :mod:`lmeval.tasks.templates`). Off the main
thread, or without ``setitimer`` (Windows), code runs without a limit.

``LMEVAL_TASK_CODE_TIMEOUT`` sets the limit in seconds (default 120; 0 turns it off); a whole
split's ``process_docs`` gets ten times that.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from types import FrameType, TracebackType

ENV = "LMEVAL_TASK_CODE_TIMEOUT"
DEFAULT_SECONDS = 120.0

_stack: list[TimeLimit] = []
_saved: dict[str, object] = {}


def limit_seconds(scale: float = 1.0) -> float | None:
    """The limit from ``LMEVAL_TASK_CODE_TIMEOUT`` times ``scale``; None when turned off."""
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return DEFAULT_SECONDS * scale
    try:
        seconds = float(raw)
    except ValueError:
        from lmeval.errors import UsageError

        raise UsageError(f"{ENV}: expected a number of seconds (0: no limit), got {raw!r}") from None
    return seconds * scale if seconds > 0 else None


class CodeTimeout(BaseException):
    """Task code ran past its limit. A ``BaseException``: a helper's ``except Exception`` does
    not swallow it."""

    def __init__(self, limit: TimeLimit) -> None:
        super().__init__(f"ran for more than {limit.seconds:g} s")
        self.limit = limit

    def field(self, names: tuple[str, ...]) -> str | None:
        """The innermost function of ``names`` that was running (``doc_to_text`` ...)."""
        tb, found = self.__traceback__, None
        while tb is not None:
            if tb.tb_frame.f_code.co_name in names:
                found = tb.tb_frame.f_code.co_name
            tb = tb.tb_next
        return found

    def where(self) -> str:
        """``file:line`` of the innermost frame that is not lmeval's or Jinja's own: the helper
        (or ``a Jinja template``) that was running."""
        tb, found = self.__traceback__, ""
        while tb is not None:
            name = tb.tb_frame.f_code.co_filename
            if name == "<template>":
                found = "a Jinja template"
            elif not _internal(name):
                found = f"{name}:{tb.tb_lineno}"
            tb = tb.tb_next
        return found


_OWN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "")


def _internal(filename: str) -> bool:
    """lmeval's, Jinja's or importlib's own frames."""
    if filename.startswith(("<frozen", _OWN)):
        return True
    jinja = sys.modules.get("jinja2")
    origin = getattr(jinja, "__file__", None)
    return bool(origin) and filename.startswith(os.path.join(os.path.dirname(origin), ""))


class TimeLimit:
    """``with TimeLimit(seconds, on_timeout):`` the block may run ``seconds``; past that,
    :class:`CodeTimeout` is raised in it and ``on_timeout(exc)`` gives the error raised instead.
    ``restart()`` gives the next unit of work (the next document) a fresh ``seconds``. Limits
    nest: the one whose time is up is named."""

    def __init__(self, seconds: float | None,
                 on_timeout: Callable[[CodeTimeout], BaseException] | None = None) -> None:
        self.seconds = seconds
        self.on_timeout = on_timeout
        self.deadline = 0.0
        self.active = False

    def __enter__(self) -> TimeLimit:
        if self.seconds is None or not hasattr(signal, "setitimer") \
                or threading.current_thread() is not threading.main_thread():
            return self
        if not _stack:
            try:
                _saved["handler"] = signal.signal(signal.SIGALRM, _alarm)
            except ValueError:  # not the main interpreter
                return self
            _saved["timer"] = signal.getitimer(signal.ITIMER_REAL)
        self.active = True
        self.deadline = time.monotonic() + self.seconds
        _stack.append(self)
        _arm()
        return self

    def restart(self) -> None:
        if self.active and self.seconds is not None:
            self.deadline = time.monotonic() + self.seconds
            _arm()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self.active:
            self.active = False
            _stack.remove(self)
            if _stack:
                _arm()
            else:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, _saved.pop("handler"))  # type: ignore[arg-type]
                delay, interval = _saved.pop("timer")  # type: ignore[misc]
                if delay:
                    signal.setitimer(signal.ITIMER_REAL, delay, interval)
        if isinstance(exc, CodeTimeout) and exc.limit is self and self.on_timeout is not None:
            raise self.on_timeout(exc) from None


def _arm() -> None:
    if _stack:
        left = min(limit.deadline for limit in _stack) - time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


def _alarm(signum: int, frame: FrameType | None) -> None:
    now = time.monotonic()
    due = [limit for limit in _stack if limit.deadline <= now + 0.005]
    if not due:
        _arm()
        return
    raise CodeTimeout(due[-1])
