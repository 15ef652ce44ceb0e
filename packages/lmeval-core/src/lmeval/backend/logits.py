"""Log-likelihoods and token-by-token decoding over numpy logits, for backends whose engine
returns logits rather than generating (``onnx``, ``openvino``). Needs numpy, which those backends
depend on (the core does not import this module).

* :func:`gather`: a continuation's summed log-probability and whether it is greedy.
* :func:`sample`: one token from temperature / top-k / top-p filtered probabilities.
* :func:`decode`: the generation loop: next token from a :class:`DecodeState`, stop at an EOS
  id or a stop string (looked for in the decode of the last tokens, as lmeval-hf's stopping
  criterion does), or after ``max_new_tokens``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Any, Protocol

import numpy as np


def gather(rows: np.ndarray, cont: Sequence[int]) -> tuple[float, bool]:
    """Summed log-probability of ``cont`` under ``rows`` (one row of logits per token) and
    whether every token is the argmax."""
    target = np.asarray(cont, dtype=np.int64)
    scores = rows.astype(np.float64)
    shifted = scores - scores.max(axis=-1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(axis=-1, keepdims=True))
    picked = logp[np.arange(len(target)), target]
    return float(picked.sum()), bool(np.all(rows.argmax(axis=-1) == target))


def sample(logits: np.ndarray, rng: np.random.Generator, temperature: float,
           top_p: Any = None, top_k: Any = None) -> int:
    """A token drawn from ``softmax(logits / temperature)``, keeping the ``top_k`` best and
    then the smallest set whose probability reaches ``top_p``."""
    scores = logits.astype(np.float64) / max(float(temperature), 1e-6)
    if top_k is not None and 0 < int(top_k) < scores.size:
        cutoff = np.partition(scores, -int(top_k))[-int(top_k)]
        scores = np.where(scores < cutoff, -np.inf, scores)
    probs = np.exp(scores - scores.max())
    probs /= probs.sum()
    if top_p is not None and 0.0 < float(top_p) < 1.0:
        order = np.argsort(-probs)
        keep = np.cumsum(probs[order]) - probs[order] < float(top_p)
        mask = np.zeros_like(probs, dtype=bool)
        mask[order[keep]] = True
        probs = np.where(mask, probs, 0.0)
        probs /= probs.sum()
    return int(rng.choice(probs.size, p=probs))


class DecodeState(Protocol):
    """An engine's incremental state: the logits after what it has seen; ``append`` one more."""

    def next_logits(self) -> np.ndarray: ...

    def append(self, token: int) -> Any: ...


def decode(state: DecodeState, max_new_tokens: int, *, eos_ids: Collection[int],
           until: Sequence[str] = (), encode: Callable[[str], Sequence[int]],
           decode_text: Callable[[list[int]], str],
           pick: Callable[[np.ndarray], int] | None = None) -> list[int]:
    """New token ids: up to an EOS id (kept), a stop string of ``until`` in the decode of the
    last ``len(encode(stop)) + 2`` tokens, or ``max_new_tokens``. ``pick`` chooses a token from
    logits (greedy when None)."""
    choose = pick or (lambda logits: int(np.argmax(logits)))
    lookback = {stop: len(encode(stop)) + 2 for stop in until if stop}
    out: list[int] = []
    while len(out) < max_new_tokens:
        token = choose(state.next_logits())
        out.append(token)
        if token in eos_ids or any(stop in decode_text(out[-n:]) for stop, n in lookback.items()):
            break
        if len(out) < max_new_tokens:
            state.append(token)
    return out
