"""Rolling loglikelihood windows, exactly as lm-eval cuts them (pure functions, no torch).

Every token of the text is predicted exactly once. The first window is prefixed with the
prefix token; later windows condition on the tokens just before them. With the default
``context_len=1`` windows are disjoint: each predicts up to ``max_seq_len`` new tokens.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence


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
