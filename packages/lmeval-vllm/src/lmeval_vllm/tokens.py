"""Fitting token sequences into vLLM's context: left truncation for scoring and generation.

The encoding itself (context/continuation split, prefix token, BOS handling, rolling windows)
is lmeval-hf's, reused from :mod:`lmeval_hf.tokenization` and :mod:`lmeval_hf.rolling` so that
``vllm`` and ``hf`` feed the model the same tokens by construction.
"""

from __future__ import annotations


def fit_window(context: list[int], continuation: list[int], max_len: int) -> tuple[list[int], int]:
    """Left-truncate ``context + continuation`` to ``max_len`` tokens.

    Returns the prompt and how many of its leading tokens are context (at least 1: the first
    prompt token has no log-probability).
    """
    prompt = (context + continuation)[-max_len:]
    ctxlen = len(context) - max(0, len(context) + len(continuation) - max_len)
    if ctxlen < 1:
        raise ValueError(
            f"continuation of {len(continuation)} tokens does not fit a window of {max_len} tokens"
        )
    return prompt, ctxlen


def truncate_for_generation(
    tokens: list[int], max_gen_toks: int, max_model_len: int, side: str = "left"
) -> list[int]:
    """Cut a generation prompt so that it and ``max_gen_toks`` new tokens fit the model."""
    room = max_model_len - max_gen_toks
    if len(tokens) <= room:
        return tokens
    if room <= 0:
        raise ValueError(
            f"max_gen_toks={max_gen_toks} leaves no room for a prompt in max_model_len={max_model_len}"
        )
    if side == "left":
        return tokens[-room:]
    if side == "right":
        return tokens[:room]
    if side == "middle":
        left = room // 2
        return tokens[:left] + tokens[len(tokens) - (room - left):]
    raise ValueError(f"unknown truncation_side {side!r}: use left, right or middle")
