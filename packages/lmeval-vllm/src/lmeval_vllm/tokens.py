"""From request strings to token ids: lm-eval's tokenization contract for causal LMs.

The same rules as lmeval-hf, so both backends feed the model the same tokens:

* a (context, continuation) pair moves the context's trailing whitespace to the continuation,
  encodes context + continuation whole and splits it at the length of the encoded context;
* an empty context becomes the prefix token (BOS, else EOS) unless the continuation already
  starts with it;
* a string that already starts with the BOS text is encoded without special tokens (chat
  templates put BOS in the text);
* inputs longer than the window lose tokens on the left.

Pure functions over a transformers tokenizer; nothing here imports vLLM or torch.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Encoder:
    """Encodes strings the way lm-eval's causal backends do."""

    tokenizer: Any
    prefix_token_id: int
    add_bos_token: bool | None = None

    def encode(self, text: str, add_special_tokens: bool | None = None) -> list[int]:
        if not text:
            return []
        kwargs: dict[str, Any] = {}
        if add_special_tokens is not None:
            kwargs["add_special_tokens"] = add_special_tokens
        elif self.add_bos_token is not None:
            kwargs["add_special_tokens"] = self.add_bos_token
        bos_text = self.tokenizer.decode(self.prefix_token_id)
        if add_special_tokens is None and bos_text and text.startswith(bos_text):
            kwargs["add_special_tokens"] = False
        return list(self.tokenizer(text, return_attention_mask=False, **kwargs).input_ids)

    def encode_pair(self, context: str, continuation: str) -> tuple[list[int], list[int]]:
        """Token ids of ``context`` and of ``continuation`` as the model sees them together."""
        if context == "":
            cont = self.encode(continuation, add_special_tokens=False)
            if cont and cont[0] == self.prefix_token_id:
                return cont[:1], cont[1:]
            return [self.prefix_token_id], cont
        n_spaces = len(context) - len(context.rstrip())
        if n_spaces:
            continuation = context[-n_spaces:] + continuation
            context = context[:-n_spaces]
        whole = self.encode(context + continuation)
        ctx = self.encode(context)
        return ctx, whole[len(ctx):]


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


def rolling_windows(
    tokens: list[int], prefix_token: int, max_seq_len: int
) -> Iterator[tuple[list[int], list[int]]]:
    """Disjoint (context, predicted) windows that score every token of ``tokens`` exactly once.

    The first window conditions on ``prefix_token``; later windows carry as much preceding text
    as fits in ``max_seq_len`` model inputs (lm-eval's rolling loglikelihood with context_len=1).
    """
    if not tokens:
        return
    if max_seq_len < 1:
        raise ValueError("max_seq_len must be at least 1")
    first = min(max_seq_len, len(tokens))
    yield [prefix_token], tokens[:first]
    done = first
    while done < len(tokens):
        end = done + min(len(tokens) - done, max_seq_len)
        yield tokens[end - max_seq_len - 1 : done], tokens[done:end]
        done = end


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
