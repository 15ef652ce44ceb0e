"""lm-eval's encoding contract: how a request becomes tokens (pure Python, no torch).

The context/continuation split (trailing whitespace of the context moves to the
continuation; a causal model encodes the pair whole and splits it at the context's token
count), the empty context (the prefix token), the special-token rule, the left truncation of
a scored input, and lm-eval's max-length rule. :class:`TokenEncoder` applies them over any
Hugging Face-style tokenizer (:class:`Tokenizer`); ``encode`` below is a callable
``encode(text, add_special_tokens=None) -> list[int]`` such as :meth:`TokenEncoder.encode`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from lmeval.errors import UsageError

Encode = Callable[..., list[int]]


class Tokenizer(Protocol):
    """What :class:`TokenEncoder` needs of a tokenizer (a ``transformers`` tokenizer has it)."""

    bos_token_id: int | None
    eos_token_id: int | None

    def encode(self, text: str, **kwargs: Any) -> list[int]: ...

    def decode(self, tokens: Any, **kwargs: Any) -> str: ...

    def __call__(self, text: Any, **kwargs: Any) -> Any: ...


#: What HF tokenizers report as ``model_max_length`` when the config sets none (``int(1e30)``).
TOKENIZER_INFINITY = 1000000000000000019884624838656
DEFAULT_MAX_LENGTH = 2048
_SEQLEN_ATTRS = ("n_positions", "max_position_embeddings", "n_ctx")


def move_trailing_whitespace(context: str, continuation: str) -> tuple[str, str]:
    """Trailing whitespace of the context moves to the front of the continuation."""
    n = len(context) - len(context.rstrip())
    if n:
        return context[:-n], context[-n:] + continuation
    return context, continuation


def encode_pair(encode: Encode, context: str, continuation: str, *,
                causal: bool) -> tuple[list[int], list[int]]:
    """``(context_tokens, continuation_tokens)`` of a non-empty context, as lm-eval splits them.

    Causal models encode ``context + continuation`` once and split it at the token count of
    the context encoded alone; seq2seq models encode the two separately (the continuation
    without special tokens).
    """
    if not context:
        raise ValueError("encode_pair needs a non-empty context")
    context, continuation = move_trailing_whitespace(context, continuation)
    context_enc = encode(context)
    if causal:
        whole = encode(context + continuation)
        return context_enc, whole[len(context_enc):]
    return context_enc, encode(continuation, add_special_tokens=False)


def encode_request(encode: Encode, prefix_token_id: int, context: str, continuation: str, *,
                   causal: bool) -> tuple[list[int], list[int]]:
    """Token pair of one loglikelihood request; an empty context becomes the prefix token.

    When the continuation itself starts with the prefix token, that token is the context.
    """
    if context == "":
        cont = encode(continuation, add_special_tokens=False)
        if cont and cont[0] == prefix_token_id:
            return cont[:1], cont[1:]
        return [prefix_token_id], cont
    return encode_pair(encode, context, continuation, causal=causal)


def has_prefix(text: str, prefixes: str | Iterable[str] | None) -> bool:
    if prefixes is None:
        return False
    if isinstance(prefixes, str):
        return text.startswith(prefixes)
    return any(text.startswith(p) for p in prefixes)


def special_tokens_kwargs(add_special_tokens: bool | None, add_bos_token: bool | None) -> dict:
    """The ``add_special_tokens`` keyword lm-eval passes to the tokenizer (none: its default)."""
    if add_special_tokens is not None:
        return {"add_special_tokens": add_special_tokens}
    if add_bos_token is not None:
        return {"add_special_tokens": add_bos_token}
    return {}


def offset_free_batch(tokenizer: Any, texts: Sequence[str], kwargs: dict) -> list[list[int]] | None:
    """The token ids of ``tokenizer(texts, **kwargs)`` from the Rust tokenizer's
    ``encode_batch_fast`` (no character offsets: a quarter less CPU on long few-shot prompts),
    or None where that could differ from the wrapper's call: keywords other than
    ``add_special_tokens``, truncation or padding set on the Rust tokenizer (the wrapper's call
    clears them first), special tokens split as text, or an older ``tokenizers``. The first
    text is checked against the wrapper's own ids, so a tokenizer class that encodes its own way
    falls back to it."""
    backend = getattr(tokenizer, "_tokenizer", None)
    fast = getattr(backend, "encode_batch_fast", None)
    if (fast is None or set(kwargs) - {"add_special_tokens"} or backend.truncation is not None
            or backend.padding is not None or getattr(tokenizer, "split_special_tokens", False)):
        return None
    ids = [e.ids for e in fast(list(texts), add_special_tokens=kwargs.get("add_special_tokens", True))]
    return ids if ids[0] == list(tokenizer(texts[0], **kwargs)["input_ids"]) else None


class TokenEncoder:
    """Encodes and decodes as lm-eval's HFLM does (``tok_encode``/``tok_batch_encode``).

    ``add_bos_token`` None keeps the tokenizer's own special-token behaviour; a bool forces
    ``add_special_tokens`` to it. A string that already starts with the decoded prefix token
    is encoded without special tokens (no double BOS under chat templates).
    """

    def __init__(self, tokenizer: Tokenizer, *, add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None, causal: bool = True) -> None:
        self.tokenizer = tokenizer
        self.add_bos_token = add_bos_token
        self.custom_prefix_token_id = prefix_token_id
        self.causal = causal
        self._prefix_cache: tuple[int, str] | None = None  # (prefix token id, its decoded text)

    @property
    def eot_token_id(self) -> int:
        return self.tokenizer.eos_token_id

    @property
    def prefix_token_id(self) -> int:
        if self.custom_prefix_token_id is not None:
            return self.custom_prefix_token_id
        if self.tokenizer.bos_token_id is not None:
            return self.tokenizer.bos_token_id
        return self.tokenizer.eos_token_id

    def _kwargs(self, text: str, add_special_tokens: bool | None) -> dict:
        kwargs = special_tokens_kwargs(add_special_tokens, self.add_bos_token)
        if add_special_tokens is None and has_prefix(text, self._prefix_text()):
            kwargs["add_special_tokens"] = False
        return kwargs

    def _prefix_text(self) -> str:
        key = self.prefix_token_id
        if self._prefix_cache is None or self._prefix_cache[0] != key:
            self._prefix_cache = (key, self.tokenizer.decode(key))
        return self._prefix_cache[1]

    def encode(self, text: str, add_special_tokens: bool | None = None,
               left_truncate_len: int | None = None) -> list[int]:
        ids = list(self.tokenizer.encode(text, **self._kwargs(text, add_special_tokens)))
        if left_truncate_len:
            ids = ids[-left_truncate_len:]
        return ids

    def encode_many(self, items: Iterable[tuple[str, bool | None]]) -> dict[tuple[str, bool | None], list[int]]:
        """``encode(text, add_special_tokens)`` of every distinct item, keyed by the item.

        One batched tokenizer call per keyword set instead of one call per string: the same
        token ids (a fast tokenizer's ``encode`` is its batch path with one text), without the
        per-call overhead; multiple-choice requests repeat their context once per choice.
        """
        by_kwargs: dict[tuple, list[tuple[str, bool | None]]] = {}
        for item in dict.fromkeys(items):
            kwargs = self._kwargs(*item)
            by_kwargs.setdefault(tuple(sorted(kwargs.items())), []).append(item)
        out: dict[tuple[str, bool | None], list[int]] = {}
        batched = getattr(self.tokenizer, "is_fast", False)
        for kwargs, group in by_kwargs.items():
            texts = [text for text, _ in group]
            if batched and len(texts) > 1:
                ids = (offset_free_batch(self.tokenizer, texts, dict(kwargs))
                       or self.tokenizer(texts, **dict(kwargs))["input_ids"])
            else:
                ids = [self.tokenizer.encode(t, **dict(kwargs)) for t in texts]
            out.update(zip(group, map(list, ids), strict=True))
        return out

    def batch_encode_kwargs(self, first: str) -> dict:
        """Special-token keyword of a padded batch encode, decided on its first string."""
        if not self.causal:
            return {}
        if has_prefix(first, getattr(self.tokenizer, "bos_token", None)):
            return {"add_special_tokens": False}
        if self.add_bos_token is not None:
            return {"add_special_tokens": self.add_bos_token}
        return {}

    def encode_prompt(self, text: str, first: str | None = None) -> list[int]:
        """A generation prompt as lm-eval's padded batch encode makes it, the special-token
        keyword decided on the batch's ``first`` prompt (default: this one)."""
        kwargs = self.batch_encode_kwargs(text if first is None else first)
        return list(self.tokenizer(text, **kwargs)["input_ids"])

    def pair(self, context: str, continuation: str) -> tuple[list[int], list[int]]:
        return encode_request(self.encode, self.prefix_token_id, context, continuation,
                              causal=self.causal)

    def pairs(self, requests: Sequence[tuple[str, str]]) -> list[tuple[list[int], list[int]]]:
        """:meth:`pair` of every request, each distinct string encoded once, in batches."""
        wanted: list[tuple[str, bool | None]] = []

        def record(text: str, add_special_tokens: bool | None = None) -> list[int]:
            wanted.append((text, add_special_tokens))
            return []

        for context, continuation in requests:  # which strings pair() would encode
            encode_request(record, self.prefix_token_id, context, continuation, causal=self.causal)
        encoded = self.encode_many(wanted)

        def lookup(text: str, add_special_tokens: bool | None = None) -> list[int]:
            return encoded[(text, add_special_tokens)]

        return [encode_request(lookup, self.prefix_token_id, context, continuation,
                               causal=self.causal) for context, continuation in requests]

    def decode(self, tokens: Sequence[int] | int, skip_special_tokens: bool = True) -> str:
        return self.tokenizer.decode(tokens, skip_special_tokens=skip_special_tokens)


def resolve_max_length(config: Any, tokenizer: Any = None, *,
                       default: int = DEFAULT_MAX_LENGTH) -> int:
    """Context length from the (text) config, else the tokenizer, else ``default``."""
    cfg = getattr(config, "text_config", None) or config
    for attr in _SEQLEN_ATTRS:
        value = getattr(cfg, attr, None)
        if value is not None:
            return int(value)
    model_max = getattr(tokenizer, "model_max_length", None)
    if model_max is not None and model_max != TOKENIZER_INFINITY:
        return int(model_max)
    return default



def fit_window(context: Sequence[int], continuation: Sequence[int],
               max_len: int) -> tuple[list[int], int]:
    """Left-truncate ``context + continuation`` to ``max_len`` tokens: ``(prompt, ctxlen)``.

    ``ctxlen`` (at least 1: the first prompt token has no log-probability) is how many leading
    prompt tokens are context.
    """
    prompt = (list(context) + list(continuation))[-max_len:]
    ctxlen = len(context) - max(0, len(context) + len(continuation) - max_len)
    if ctxlen < 1:
        raise UsageError(f"a continuation of {len(continuation)} tokens does not fit a window of "
                         f"{max_len} tokens; raise max_length in --model_args")
    return prompt, ctxlen
