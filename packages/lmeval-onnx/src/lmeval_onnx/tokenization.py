"""The tokenization contract of lm-eval's HF backend, for the tokenizer shipped with an export.

Everything here decides which tokens a score covers, so it follows ``HFLM`` (and lmeval-hf)
exactly: trailing whitespace of a context moves to the continuation, a pair is encoded whole
and split at the context's token count, an empty context is replaced by the prefix token, the
tokenizer's own special-token default applies unless ``add_bos_token`` overrides it, and
rolling windows are those of ``lm_eval.utils.get_rolling_token_windows`` made disjoint.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


class Tokenization:
    """Encodes requests for scoring with an HF tokenizer, as ``HFLM`` does."""

    def __init__(self, tokenizer: Any, *, add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None) -> None:
        self.tokenizer = tokenizer
        self.add_bos_token = add_bos_token
        self._prefix_token_id = prefix_token_id

    @property
    def eot_token_id(self) -> int:
        return self.tokenizer.eos_token_id

    @property
    def prefix_token_id(self) -> int:
        """The token an empty context (and the first rolling window) is conditioned on."""
        if self._prefix_token_id is not None:
            return int(self._prefix_token_id)
        if self.tokenizer.bos_token_id is not None:
            return self.tokenizer.bos_token_id
        return self.tokenizer.eos_token_id

    def encode(self, text: str, add_special_tokens: bool | None = None) -> list[int]:
        """``HFLM.tok_encode``: the tokenizer's default unless told, never a second BOS."""
        kwargs: dict[str, Any] = {}
        if add_special_tokens is not None:
            kwargs["add_special_tokens"] = add_special_tokens
        elif self.add_bos_token is not None:
            kwargs["add_special_tokens"] = self.add_bos_token
        if add_special_tokens is None:
            if text.startswith(self.tokenizer.decode(self.prefix_token_id)):
                kwargs["add_special_tokens"] = False
        return list(self.tokenizer.encode(text, **kwargs))

    def encode_batch_context(self, text: str) -> list[int]:
        """A generation prompt, encoded as ``HFLM.tok_batch_encode`` does for one string."""
        kwargs: dict[str, Any] = {}
        bos = getattr(self.tokenizer, "bos_token", None)
        if bos and text.startswith(bos):
            kwargs["add_special_tokens"] = False
        elif self.add_bos_token is not None:
            kwargs["add_special_tokens"] = self.add_bos_token
        return list(self.tokenizer(text, **kwargs)["input_ids"])

    def decode(self, tokens: Sequence[int], skip_special_tokens: bool = True) -> str:
        return self.tokenizer.decode(list(tokens), skip_special_tokens=skip_special_tokens)

    def encode_pair(self, context: str, continuation: str) -> tuple[list[int], list[int]]:
        """Context and continuation tokens of one loglikelihood request."""
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

    def rolling_windows(self, text: str, max_length: int) -> list[tuple[list[int], list[int]]]:
        """Disjoint ``(context, continuation)`` windows that score every token of ``text`` once."""
        return [(ctx[: len(ctx) - (len(pred) - 1)], pred)
                for ctx, pred in rolling_token_windows(self.encode(text), self.prefix_token_id,
                                                       max_length)]


def rolling_token_windows(tokens: Sequence[int], prefix_token: int, max_seq_len: int,
                          context_len: int = 1) -> Iterator[tuple[list[int], list[int]]]:
    """``(input tokens, predicted tokens)`` windows over ``tokens``, lm-eval's rolling scheme.

    The first window predicts up to ``max_seq_len`` tokens after ``prefix_token``; each later
    window predicts the next ``max_seq_len - context_len + 1`` tokens, conditioned on as many
    preceding tokens as fit.
    """
    if not 1 <= context_len <= max_seq_len:
        raise ValueError(f"context_len must be in [1, {max_seq_len}], not {context_len}")
    tokens = list(tokens)
    if not tokens:
        return
    pred_len = max_seq_len - context_len + 1
    first = min(max_seq_len, len(tokens))
    yield [prefix_token, *tokens[: first - 1]], tokens[:first]
    done = first
    while done < len(tokens):
        n = min(len(tokens) - done, pred_len)
        end = done + n
        yield tokens[max(end - max_seq_len - 1, 0): end - 1], tokens[end - n: end]
        done = end
