"""Batch sizes: one grammar for ``--batch_size`` and ``batch_size=`` in ``--model_args``, and
the sizer that hands sizes out along requests sorted longest first.

The grammar is lm-eval 0.4.13's: a whole number ``N >= 1``; ``auto`` (find the largest batch
that fits once, on the longest request); ``auto:N`` (find it again N times along the sorted
requests; N is a positive number, ``auto:1.5`` included, as lm-eval takes a float). lm-eval
takes ``auto:0`` and then divides by zero mid-run; here it is refused before the model loads.

On accelerators a backend probes the size (forward passes at the target length, halving on
out-of-memory, see :func:`probe_batch_size`); on CPU it estimates it from the model's shape
and the free memory (:func:`estimate_cpu_batch`), capped by ``max_batch_size``.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from lmeval.errors import UsageError

log = logging.getLogger("lmeval.backend.batch_size")

GRAMMAR = "N >= 1, auto or auto:N (N > 0: auto:4, auto:1.5)"


@dataclass(frozen=True)
class BatchSpec:
    """A parsed batch size: ``fixed`` rows, or automatic (``fixed`` None) re-found
    ``schedule`` times along the requests."""

    fixed: int | None
    schedule: float = 1.0

    @property
    def auto(self) -> bool:
        return self.fixed is None

    def __str__(self) -> str:
        if self.fixed is not None:
            return str(self.fixed)
        if self.schedule == 1.0:
            return "auto"
        return f"auto:{int(self.schedule) if self.schedule.is_integer() else self.schedule}"


def parse_batch_size(value: Any, *, name: str = "batch_size") -> BatchSpec:
    """``value`` in the batch-size grammar (None: 1); a :class:`UsageError` naming ``name``
    (``--batch_size``, ``batch_size``) otherwise."""
    if value is None:
        return BatchSpec(1)
    if isinstance(value, bool):
        raise UsageError(f"{name}: expected {GRAMMAR}, got {value!r}")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value).strip()
    if text.startswith("auto"):
        head, colon, tail = text.partition(":")
        if head != "auto" or (colon and not tail.strip()):
            raise UsageError(f"{name}: expected {GRAMMAR}, got {value!r}")
        if not colon:
            return BatchSpec(None, 1.0)
        try:
            schedule = float(tail)
        except ValueError:
            raise UsageError(f"{name}: expected {GRAMMAR}, got {value!r} ({tail!r} is not a "
                             "number)") from None
        if not (schedule > 0 and math.isfinite(schedule)):
            raise UsageError(f"{name}: in auto:N, N is how many times the size is found again "
                             f"and must be a positive number, got {value!r}")
        return BatchSpec(None, schedule)
    try:
        n = int(text)
    except ValueError:
        raise UsageError(f"{name}: expected {GRAMMAR}, got {value!r}") from None
    if n < 1:
        raise UsageError(f"{name}: expected {GRAMMAR}, got {value!r}")
    return BatchSpec(n)


@dataclass
class BatchSizer:
    """Hands out batch sizes along a list of rows sorted longest first.

    ``detect(length)`` returns the largest batch that fits rows of ``length`` tokens.
    """

    spec: BatchSpec
    max_batch_size: int
    detect: Callable[[int], int]
    _found: dict[int, int] = field(default_factory=dict)
    _single: dict[int, int] = field(default_factory=dict)

    def plan(self, lengths: Sequence[int]) -> Iterator[tuple[int, int]]:
        """``(start, stop)`` slices over ``lengths`` (sorted longest first)."""
        n = len(lengths)
        pos = 0
        self._found = {}
        while pos < n:
            size = self.size_at(pos, lengths)
            stop = min(n, pos + max(1, size))
            yield pos, stop
            pos = stop

    def size_at(self, pos: int, lengths: Sequence[int]) -> int:
        if self.spec.fixed is not None:
            return self.spec.fixed
        step = max(1, int(len(lengths) / self.spec.schedule))
        bucket = pos // step
        if bucket not in self._found:
            previous = self._found.get(bucket - 1)
            if previous is not None and previous >= self.max_batch_size:
                self._found[bucket] = previous
            else:
                self._found[bucket] = max(1, self.detect(int(lengths[pos])))
                log.info("batch_size auto: %d at length %d", self._found[bucket], lengths[pos])
        return self._found[bucket]

    def single(self, length: int) -> int:
        """One size for rows of ``length`` tokens (remembered per 64-token bucket)."""
        if self.spec.fixed is not None:
            return self.spec.fixed
        bucket = -(-max(1, length) // 64) * 64
        if bucket not in self._single:
            self._single[bucket] = max(1, self.detect(bucket))
        return self._single[bucket]


def available_memory_bytes() -> int:
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 4 << 30


def estimate_cpu_batch(config: Any, length: int, max_batch_size: int,
                       bytes_per_value: int = 4) -> int:
    """Largest batch whose activations and logits take under a quarter of free memory.

    ``config`` is a model config with HF-style attributes (``hidden_size``/``n_embd``/``d_model``,
    ``num_hidden_layers``/``n_layer``/``num_layers``, ``vocab_size``, ``intermediate_size``).
    """
    cfg = config.get_text_config() if hasattr(config, "get_text_config") else config
    hidden = int(getattr(cfg, "hidden_size", None) or getattr(cfg, "n_embd", None)
                 or getattr(cfg, "d_model", 1024))
    layers = int(getattr(cfg, "num_hidden_layers", None) or getattr(cfg, "n_layer", None)
                 or getattr(cfg, "num_layers", 24))
    vocab = int(getattr(cfg, "vocab_size", 32000) or 32000)
    inter = int(getattr(cfg, "intermediate_size", None) or 4 * hidden)
    # kv cache per layer + a few live activations + fp32 logits and their log-softmax
    per_token = (2 * hidden * layers + 4 * hidden + 2 * inter) * bytes_per_value + 8 * vocab
    per_row = max(1, per_token * max(1, length))
    fit = int(available_memory_bytes() * 0.25 // per_row)
    return max(1, min(max_batch_size, fit))


def probe_batch_size(forward: Callable[[int], None], start: int,
                     clear: Callable[[], None] | None = None) -> int:
    """Largest batch ``<= start`` for which ``forward(batch)`` runs, halving on out-of-memory."""
    size = max(1, start)
    while True:
        try:
            forward(size)
            return size
        except RuntimeError as exc:  # torch.OutOfMemoryError is a RuntimeError
            if not is_out_of_memory(exc) or size == 1:
                if is_out_of_memory(exc):
                    return 1
                raise
            size //= 2
            if clear is not None:
                clear()


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is an accelerator or host allocator running out of memory."""
    text = str(exc)
    return any(s in text for s in ("out of memory", "CUDA error: out of memory",
                                   "cuDNN error: CUDNN_STATUS_NOT_SUPPORTED",
                                   "DefaultCPUAllocator: can't allocate memory",
                                   "CUBLAS_STATUS_ALLOC_FAILED"))
