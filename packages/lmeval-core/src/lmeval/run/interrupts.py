"""SIGINT and SIGTERM during a run: stop computing, keep what is cached, say how to resume.

The CLI installs :func:`stop_on_signals`; a signal then raises :class:`RunInterrupted` in the
main thread at the next Python instruction, so no new batch starts. The scheduler has committed
every finished batch to the response cache already (``LM.report_answers``) and records what the
cache holds on the exception; the CLI prints one line and exits 130 (SIGINT) or 143 (SIGTERM).
"""

from __future__ import annotations

import contextlib
import shlex
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType

_NAMES = {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM"}


class RunInterrupted(KeyboardInterrupt):
    """A run stopped by a signal; ``exit_code`` is 128 + the signal number."""

    def __init__(self, signum: int) -> None:
        super().__init__(_NAMES.get(signum, f"signal {signum}"))
        self.signum = signum
        #: set by the scheduler: the response cache, the answers of this model it now holds,
        #: and how many of them this run computed
        self.cache_path: Path | None = None
        self.kept: int | None = None
        self.computed: int = 0

    @property
    def exit_code(self) -> int:
        return 128 + self.signum

    def headline(self) -> str:
        """The line of a command that keeps no answers (``validate``, ``ls``, ``rescore`` ...)."""
        return f"lmeval: interrupted by {self.args[0]}"

    def message(self, argv: Sequence[str] | None = None) -> str:
        """The one line ``lmeval run`` prints: what the response cache kept, how to resume."""
        head = self.headline()
        resume = f"; resume with: lmeval {shlex.join(argv)}" if argv else ""
        if self.cache_path is None:
            if argv and any(a == "--use_cache" or a.startswith(("--use_cache=", "-c")) for a in argv):
                return f"{head}; finished answers are kept in the --use_cache directory{resume}"
            return (f"{head}; no answer was kept (without --use_cache DIR a run cannot be "
                    "resumed)")
        return (f"{head}; {self.kept} answers are kept in {self.cache_path} "
                f"({self.computed} computed by this run){resume}")


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise :class:`RunInterrupted` (main thread only).

    After the first signal the default handlers are back: a second Ctrl-C interrupts the
    clean-up, a second SIGTERM ends the process at once.
    """
    previous = {}

    def handler(signum: int, frame: FrameType | None) -> None:
        for sig, old in previous.items():
            signal.signal(sig, old)
        raise RunInterrupted(signum)

    try:
        for sig in _NAMES:
            previous[sig] = signal.signal(sig, handler)
    except ValueError:  # not the main thread: leave signals alone
        for sig, old in previous.items():
            signal.signal(sig, old)
        previous.clear()
        yield
        return
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
