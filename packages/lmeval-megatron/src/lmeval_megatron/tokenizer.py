"""Tokenizers of Megatron (and NeMo) models behind lm-eval's encoding contract.

Hugging Face tokenizers go through :class:`lmeval.backend.encoding.TokenEncoder`, the very
code the ``hf`` backend uses, so a model converted from HF scores the same tokens. Other
tokenizers (SentencePiece, GPT-2 BPE files, tiktoken, NeMo's) only offer ``text -> ids`` and
``ids -> text``: :class:`TextIdsEncoder` gives them the same interface, with the same pair
split, empty-context and prefix-token rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lmeval.backend.encoding import TokenEncoder, encode_request
from lmeval.errors import UsageError

HF_TYPES = frozenset({"HuggingFaceTokenizer"})
MEGATRON_TYPES = frozenset({"GPT2BPETokenizer", "SentencePieceTokenizer",
                            "GPTSentencePieceTokenizer", "Llama2Tokenizer", "TikTokenizer",
                            "NullTokenizer", "BertWordPieceLowerCase", "BertWordPieceCase"})


class TextIdsEncoder:
    """lm-eval's ``tok_encode``/``tok_decode`` over a plain ``text <-> ids`` tokenizer.

    Such tokenizers add no special tokens themselves: ``add_special_tokens=True`` (or
    ``add_bos_token=True``) prepends the BOS id when there is one.
    """

    def __init__(self, to_ids: Callable[[str], Sequence[int]], to_text: Callable[..., str], *,
                 bos_id: int | None, eos_id: int | None, vocab_size: int | None = None,
                 add_bos_token: bool | None = None, prefix_token_id: int | None = None,
                 name: str = "") -> None:
        self._to_ids = to_ids
        self._to_text = to_text
        self.bos_id = bos_id if (bos_id is not None and bos_id >= 0) else None
        self.eos_id = eos_id if (eos_id is not None and eos_id >= 0) else None
        self.vocab_size = vocab_size
        self.add_bos_token = add_bos_token
        self.custom_prefix_token_id = prefix_token_id
        self.name = name
        self.causal = True

    @property
    def eot_token_id(self) -> int | None:
        return self.eos_id

    @property
    def prefix_token_id(self) -> int:
        if self.custom_prefix_token_id is not None:
            return self.custom_prefix_token_id
        if self.bos_id is not None:
            return self.bos_id
        if self.eos_id is None:
            raise UsageError("the tokenizer has neither a BOS nor an EOS token; pass "
                             "prefix_token_id=<id> for requests with an empty context")
        return self.eos_id

    def encode(self, text: str, add_special_tokens: bool | None = None,
               left_truncate_len: int | None = None) -> list[int]:
        add = self.add_bos_token if add_special_tokens is None else add_special_tokens
        ids = [int(t) for t in self._to_ids(text)]
        if add and self.bos_id is not None and (not ids or ids[0] != self.bos_id):
            ids = [self.bos_id] + ids
        if left_truncate_len:
            ids = ids[-left_truncate_len:]
        return ids

    def pair(self, context: str, continuation: str) -> tuple[list[int], list[int]]:
        return encode_request(self.encode, self.prefix_token_id, context, continuation,
                              causal=True)

    def pairs(self, requests: Sequence[tuple[str, str]]) -> list[tuple[list[int], list[int]]]:
        """:meth:`pair` of every request (the core ``TokenEncoder.pairs`` contract); such
        tokenizers have no batched call, so each request is encoded on its own."""
        return [self.pair(context, continuation) for context, continuation in requests]

    def decode(self, tokens: Sequence[int] | int, skip_special_tokens: bool = True) -> str:
        if isinstance(tokens, int):
            tokens = [tokens]
        tokens = list(tokens)
        if skip_special_tokens:
            special = {t for t in (self.bos_id, self.eos_id) if t is not None}
            tokens = [t for t in tokens if t not in special]
        return self._to_text(tokens)

    def __len__(self) -> int:
        return int(self.vocab_size or 0)


def hf_encoder(path: str, *, trust_remote_code: bool = False, add_bos_token: bool | None = None,
               prefix_token_id: int | None = None) -> Any:
    """A transformers tokenizer from ``path`` behind the core's ``TokenEncoder``."""
    import transformers

    try:
        tok = transformers.AutoTokenizer.from_pretrained(path, trust_remote_code=trust_remote_code)
    except (OSError, ValueError) as exc:
        raise UsageError(f"megatron_lm: cannot load the Hugging Face tokenizer at "
                         f"tokenizer_model={path!r}: {exc}") from None
    return TokenEncoder(tok, add_bos_token=add_bos_token, prefix_token_id=prefix_token_id)


def megatron_encoder(tokenizer_type: str, *, tokenizer_model: str | None, vocab_file: str | None,
                     merge_file: str | None, args: Any, add_bos_token: bool | None,
                     prefix_token_id: int | None) -> TextIdsEncoder:
    """Megatron's own tokenizers, built by megatron-core's ``build_tokenizer``."""
    import argparse

    from megatron.core.tokenizers.text.utils.build_tokenizer import build_tokenizer

    ns = argparse.Namespace(
        tokenizer_type=tokenizer_type, tokenizer_model=tokenizer_model, vocab_file=vocab_file,
        merge_file=merge_file, tokenizer_special_tokens=None, tokenizer_hf_use_fast=True,
        trust_remote_code=False, tokenizer_hf_include_special_tokens=False,
        tokenizer_sentencepiece_legacy=False, tiktoken_pattern=None, vocab_size=None,
        tiktoken_num_special_tokens=1000, tokenizer_metadata=None)
    for key, value in vars(args).items():
        if key.startswith(("tokenizer_", "tiktoken_")) or key in ("vocab_size",
                                                                  "trust_remote_code"):
            if value is not None and key not in ("tokenizer_type", "tokenizer_model"):
                setattr(ns, key, value)
    tok = build_tokenizer(ns)
    return TextIdsEncoder(
        tok.tokenize, tok.detokenize, bos_id=_maybe(tok, "bos"), eos_id=_maybe(tok, "eod"),
        vocab_size=_maybe(tok, "vocab_size"), add_bos_token=add_bos_token,
        prefix_token_id=prefix_token_id, name=f"{tokenizer_type}:{tokenizer_model or vocab_file}")


def _maybe(obj: Any, name: str) -> Any:
    try:
        value = getattr(obj, name)
    except (AttributeError, NotImplementedError, AssertionError, ValueError):
        return None
    return value if isinstance(value, int) else None


def build_encoder(tokenizer_type: str | None, *, tokenizer_model: str | None,
                  vocab_file: str | None = None, merge_file: str | None = None,
                  args: Any = None, trust_remote_code: bool = False,
                  add_bos_token: bool | None = None, prefix_token_id: int | None = None) -> Any:
    """The encoder for a Megatron ``--tokenizer-type`` and its files."""
    kind = tokenizer_type or "HuggingFaceTokenizer"
    if kind in HF_TYPES:
        if not tokenizer_model:
            raise UsageError("megatron_lm: tokenizer_type=HuggingFaceTokenizer needs "
                             "tokenizer_model=<HF tokenizer directory or hub id>")
        return hf_encoder(tokenizer_model, trust_remote_code=trust_remote_code,
                          add_bos_token=add_bos_token, prefix_token_id=prefix_token_id)
    if kind not in MEGATRON_TYPES:
        raise UsageError(f"megatron_lm: unknown tokenizer_type {kind!r}; expected one of "
                         f"{', '.join(sorted(HF_TYPES | MEGATRON_TYPES))}")
    if kind == "GPT2BPETokenizer" and not (vocab_file and merge_file):
        raise UsageError("megatron_lm: tokenizer_type=GPT2BPETokenizer needs vocab_file and "
                         "merge_file")
    if kind not in ("GPT2BPETokenizer", "NullTokenizer") and kind.startswith(("Sentence",
                                                                               "GPTSentence",
                                                                               "Llama2",
                                                                               "TikTok")) \
            and not tokenizer_model:
        raise UsageError(f"megatron_lm: tokenizer_type={kind} needs tokenizer_model=<file>")
    import argparse

    return megatron_encoder(kind, tokenizer_model=tokenizer_model, vocab_file=vocab_file,
                            merge_file=merge_file, args=args or argparse.Namespace(),
                            add_bos_token=add_bos_token, prefix_token_id=prefix_token_id)
