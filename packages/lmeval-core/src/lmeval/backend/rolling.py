"""Rolling loglikelihood windows, exactly as lm-eval cuts them (pure functions, no torch).

Every token of the text is predicted exactly once. The first window is prefixed with the
prefix token; later windows condition on the tokens just before them. With the default
``context_len=1`` windows are disjoint: each predicts up to ``max_seq_len`` new tokens.
A backend scores the windows as loglikelihood pairs and sums them per request with
:func:`score_rolling`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from lmeval.errors import UsageError

Window = tuple[list[int], list[int]]


def rolling_windows(tokens: Sequence[int], prefix_token: int, max_seq_len: int,
                    context_len: int = 1) -> Iterator[Window]:
    """``(input_tokens, predicted_tokens)`` windows; score the last ``len(predicted)`` logits."""
    if max_seq_len < 1:
        raise UsageError(f"a rolling window of {max_seq_len} tokens is too small for rolling "
                         "loglikelihood: raise max_length in --model_args")
    if not 1 <= context_len <= max_seq_len:
        raise ValueError(f"context_len must be in [1, {max_seq_len}], got {context_len}")
    tokens = list(tokens)
    if not tokens:
        return
    pred_len = max_seq_len - context_len + 1
    first = min(max_seq_len, len(tokens))
    yield [prefix_token] + tokens[:first - 1], tokens[:first]
    done = first
    while done < len(tokens):
        n = min(len(tokens) - done, pred_len)
        end = done + n
        yield tokens[max(0, end - max_seq_len - 1):end - 1], tokens[end - n:end]
        done += n


def disjoint(window: Window) -> Window:
    """Cut the window's input so it does not overlap its predicted tokens."""
    inp, pred = window
    return inp[:len(inp) - (len(pred) - 1)], pred


def loglikelihood_windows(tokens: Sequence[int], prefix_token: int,
                          max_seq_len: int) -> list[Window]:
    """The ``(context, continuation)`` token pairs a rolling request is scored as."""
    return [disjoint(w) for w in rolling_windows(tokens, prefix_token, max_seq_len, 1)]


def score_rolling(score: Callable[..., list[tuple[float, bool]]],
                  windows: Sequence[Sequence[Window]],
                  report: Callable[[dict[int, float]], None]) -> list[float]:
    """Total log-probability of each request from its windows' scores.

    ``score(pairs, on_answers)`` scores all windows and hands each batch's window scores
    (``{pair index: (logprob, is_greedy)}``) to ``on_answers``; a request's total is
    ``report``-ed as soon as its last window is scored, summed in window order exactly as
    the returned list is. A request with no window (empty text) totals 0.
    """
    tracker = RollingTotals(windows, report)
    scores = score(tracker.pairs, tracker.windows_done)
    return tracker.totals(scores)


class RollingTotals:
    """Sums window scores per request as they arrive, for backends that score windows
    themselves (one answer or one batch at a time)."""

    def __init__(self, windows: Sequence[Sequence[Window]],
                 report: Callable[[dict[int, float]], None]) -> None:
        self.pairs: list[Window] = []
        self.spans: list[tuple[int, int]] = []
        self.owner: list[int] = []
        for n, request_windows in enumerate(windows):
            self.spans.append((len(self.pairs), len(self.pairs) + len(request_windows)))
            self.pairs.extend(request_windows)
            self.owner.extend([n] * len(request_windows))
        self._remaining = [b - a for a, b in self.spans]
        self._got: list[Any] = [None] * len(self.pairs)
        self._report = report
        empty = {n: self._total(n, self._got) for n, left in enumerate(self._remaining)
                 if left == 0}
        if empty:
            report(empty)

    def _total(self, n: int, scores: Sequence[Any]) -> float:
        a, b = self.spans[n]
        return sum(s[0] for s in scores[a:b])

    def windows_done(self, answers: dict[int, tuple[float, bool]]) -> None:
        """Record window scores by pair index; report the requests they complete."""
        finished: dict[int, float] = {}
        for j, answer in answers.items():
            self._got[j] = answer
            n = self.owner[j]
            self._remaining[n] -= 1
            if self._remaining[n] == 0:
                finished[n] = self._total(n, self._got)
        if finished:
            self._report(finished)

    def totals(self, scores: Sequence[Any] | None = None) -> list[float]:
        """Every request's total, from ``scores`` (all pairs, in order) or those recorded."""
        source = self._got if scores is None else scores
        return [self._total(n, source) for n in range(len(self.spans))]
