"""Rolling loglikelihood windows, exactly as lm-eval cuts them (pure functions, no torch).

Every token of the text is predicted exactly once. The first window is prefixed with the
prefix token; later windows condition on the tokens just before them. With the default
``context_len=1`` windows are disjoint: each predicts up to ``max_seq_len`` new tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any


def rolling_windows(tokens: Sequence[int], prefix_token: int, max_seq_len: int,
                    context_len: int = 1) -> Iterator[tuple[list[int], list[int]]]:
    """``(input_tokens, predicted_tokens)`` windows; score the last ``len(predicted)`` logits."""
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
        yield tokens[end - max_seq_len - 1:end - 1], tokens[end - n:end]
        done += n


def disjoint(window: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """Cut the window's input so it does not overlap its predicted tokens."""
    inp, pred = window
    return inp[:len(inp) - (len(pred) - 1)], pred


def loglikelihood_windows(tokens: Sequence[int], prefix_token: int,
                          max_seq_len: int) -> list[tuple[list[int], list[int]]]:
    """The ``(context, continuation)`` token pairs a rolling request is scored as."""
    return [disjoint(w) for w in rolling_windows(tokens, prefix_token, max_seq_len, 1)]


def score_rolling(score: Callable[..., list[tuple[float, bool]]],
                  windows: Sequence[Sequence[tuple[list[int], list[int]]]],
                  report: Callable[[dict[int, float]], None]) -> list[float]:
    """Total log-probability of each request from its windows' scores.

    ``score(pairs, on_answers)`` scores all windows (a :class:`~lmeval_hf.scoring.Scorer`'s
    ``score``) and hands each batch's window scores to ``on_answers``; a request's total is
    ``report``-ed as soon as its last window is scored, summed in window order exactly as
    the returned list is.
    """
    pairs: list[tuple[list[int], list[int]]] = []
    spans: list[tuple[int, int]] = []
    owner: list[int] = []
    for n, request_windows in enumerate(windows):
        spans.append((len(pairs), len(pairs) + len(request_windows)))
        pairs.extend(request_windows)
        owner.extend([n] * len(request_windows))
    remaining = [b - a for a, b in spans]
    got: list[tuple[float, bool] | None] = [None] * len(pairs)

    def total(n: int, scores: Sequence[Any]) -> float:
        a, b = spans[n]
        return sum(s[0] for s in scores[a:b])

    empty = {n: total(n, got) for n, left in enumerate(remaining) if left == 0}
    if empty:
        report(empty)

    def windows_done(answers: dict[int, tuple[float, bool]]) -> None:
        finished: dict[int, float] = {}
        for j, answer in answers.items():
            got[j] = answer
            n = owner[j]
            remaining[n] -= 1
            if remaining[n] == 0:
                finished[n] = total(n, got)
        if finished:
            report(finished)

    scores = score(pairs, windows_done)
    return [total(n, scores) for n in range(len(spans))]
