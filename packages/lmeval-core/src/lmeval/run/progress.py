"""Progress of a run on stderr: one line per request kind, with rate and ETA.

On a terminal the line is redrawn in place (at most five times a second). Elsewhere (``nohup``,
Slurm logs, CI) a plain line is written every ``LMEVAL_PROGRESS_INTERVAL`` seconds (default 30)
and when the kind is done, so a log shows the run moving without a flood of lines.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

DEFAULT_INTERVAL = 30.0


def interval_from_env() -> float:
    try:
        return max(0.0, float(os.environ.get("LMEVAL_PROGRESS_INTERVAL", DEFAULT_INTERVAL)))
    except ValueError:
        return DEFAULT_INTERVAL


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class Progress:
    """Answers of one request kind done out of ``total``; ``update`` as batches finish."""

    def __init__(self, label: str, total: int, enabled: bool = True, *,
                 tty: bool | None = None, interval: float | None = None,
                 stream: TextIO | None = None) -> None:
        self.label, self.total, self.done = label, total, 0
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0
        self.tty = self.stream.isatty() if tty is None else tty
        self.interval = (0.2 if self.tty else interval_from_env()) if interval is None else interval
        self.start = self._last = time.monotonic()
        self._finished = False

    def line(self, now: float | None = None) -> str:
        elapsed = max((now or time.monotonic()) - self.start, 1e-9)
        rate = self.done / elapsed
        percent = 100.0 * self.done / self.total if self.total else 100.0
        if self.done >= self.total:
            tail = f"done in {_duration(elapsed)}"
        elif rate > 0:
            tail = f"ETA {_duration((self.total - self.done) / rate)}"
        else:
            tail = "ETA ?"
        # below 1 req/s, seconds per request ("0.0 req/s" says nothing about a slow model)
        speed = f"{rate:.1f} req/s" if rate >= 1 or not self.done else f"{1 / rate:.1f} s/req"
        return f"{self.label}: {self.done}/{self.total} ({percent:.0f}%), {speed}, {tail}"

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled or self._finished:
            return
        now = time.monotonic()
        finished = self.done >= self.total
        if not finished and now - self._last < self.interval:
            return
        self._last = now
        self._finished = finished
        if self.tty:
            # \x1b[K clears what a longer previous line left behind
            self.stream.write("\r" + self.line(now) + "\x1b[K" + ("\n" if finished else ""))
        else:
            self.stream.write("lmeval: " + self.line(now) + "\n")
        self.stream.flush()
