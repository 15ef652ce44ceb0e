"""A test backend with a slow start that opts in to ``LM.start_early``: ``--model slowstart``.

Its construction appends ``start <thread name>`` to ``$LMEVAL_SLOWSTART_LOG``, then waits (at most
``hold`` seconds) until the log has a line ``wait_for`` — the task ``process_docs`` below writes
``docs`` — and appends ``ready``; ``close`` appends ``closed``. The order of the lines shows
whether the start overlapped the building of the tasks. ``fail``: the start raises a usage error.
``--model plainstart`` is the same backend without ``start_early`` (built after the tasks).
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from lmeval.errors import UsageError
from lmeval.hookspecs import hookimpl
from lmeval.protocol import LM
from lmeval.testing import ReferenceLM


def event(line: str) -> None:
    with open(os.environ["LMEVAL_SLOWSTART_LOG"], "a", encoding="utf-8") as fh:
        fh.write(line + "\n")


def events() -> list[str]:
    try:
        with open(os.environ["LMEVAL_SLOWSTART_LOG"], encoding="utf-8") as fh:
            return fh.read().split()
    except FileNotFoundError:
        return []


def process_docs(dataset: Any) -> Any:
    """A task's ``process_docs``: marks the moment the task is built."""
    event("docs")
    return dataset


class PlainStartLM(ReferenceLM):
    backend_name = "plainstart"

    def __init__(self, hold: float = 30.0, wait_for: str = "docs", fail: bool = False) -> None:
        event(f"start:{threading.current_thread() is threading.main_thread()}")
        deadline = time.monotonic() + float(hold)
        while wait_for not in events() and time.monotonic() < deadline:
            time.sleep(0.02)
        if fail:
            raise UsageError("slowstart: the engine failed to start")
        event("ready")
        super().__init__()

    def close(self) -> None:
        event("closed")


class SlowStartLM(PlainStartLM):
    backend_name = "slowstart"

    @classmethod
    def start_early(cls, args: Mapping[str, Any]) -> Callable[[], LM] | None:
        return functools.partial(cls, **args)


@hookimpl
def lmeval_register_models(register: Any) -> None:
    register("slowstart", SlowStartLM)
    register("plainstart", PlainStartLM)
