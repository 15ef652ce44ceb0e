"""``generate_until`` on an :class:`~lmeval_megatron.runner.MCoreRunner` (shared with NeMo).

lm-eval's semantics, through lmeval-hf's helpers: requests grouped by their generation
arguments, longest context first; ``max_gen_toks`` and its aliases; EOS added to the stop
strings; the context left-truncated to ``max_length - max_gen_toks``; each output cut at its
first stop string; a ``think_end_token`` (string or id) drops the reasoning before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lmeval.errors import UsageError
from lmeval_hf.generation_kwargs import (
    normalize_gen_kwargs,
    postprocess_generation,
    stop_sequences,
    strip_think_tokens,
)

from lmeval_megatron.runner import MCoreRunner


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def encode_context(encoder: Any, text: str, first: str) -> list[int]:
    """A prompt's tokens as lm-eval's batch encode makes them (special tokens decided on the
    batch's first prompt for HF tokenizers)."""
    if hasattr(encoder, "batch_encode_kwargs"):
        kwargs = encoder.batch_encode_kwargs(first)
        return list(encoder.tokenizer(text, **kwargs)["input_ids"])
    return encoder.encode(text)


def generate_until(runner: MCoreRunner, encoder: Any, items: Sequence[tuple[str, dict]], *,
                   max_length: int, max_gen_toks: int, batch_size: int,
                   think_end_token: str | int | None = None,
                   on_answers: Callable[[dict[int, str]], None] | None = None) -> list[str]:
    """Answer ``(context, gen_kwargs)`` pairs (``gen_kwargs`` includes ``until``); each
    batch's answers go to ``on_answers`` as soon as it is generated."""
    results: list[str | None] = [None] * len(items)
    groups: dict[Any, list[int]] = {}
    for i, (_, kwargs) in enumerate(items):
        groups.setdefault(_freeze(kwargs), []).append(i)
    eos_id = encoder.eot_token_id
    eos = encoder.decode([eos_id], skip_special_tokens=False) if eos_id is not None else None
    for indices in groups.values():
        lengths = {i: len(encoder.encode(items[i][0])) for i in indices}
        order = sorted(indices, key=lambda i: (-lengths[i], items[i][0]))
        kwargs = normalize_gen_kwargs(items[order[0]][1], max_gen_toks)
        until = stop_sequences(kwargs.pop("until", None), eos=eos)
        new_tokens = int(kwargs.pop("max_gen_toks"))
        room = max_length - new_tokens
        if room <= 0:
            raise UsageError(f"max_gen_toks={new_tokens} leaves no room for the prompt in "
                             f"max_length={max_length}")
        sample = bool(kwargs.get("do_sample")) and float(kwargs.get("temperature") or 0) > 0
        for lo in range(0, len(order), max(1, batch_size)):
            chunk = order[lo:lo + max(1, batch_size)]
            first = items[chunk[0]][0]
            contexts = [encode_context(encoder, items[i][0], first)[-room:] for i in chunk]
            outs = runner.generate(
                contexts, max_gen_toks=new_tokens, stop=until, decode=encoder.decode,
                eos_id=eos_id,
                temperature=float(kwargs.get("temperature") or 0.0) if sample else 0.0,
                top_k=int(kwargs.get("top_k") or 0), top_p=float(kwargs.get("top_p") or 1.0))
            for i, toks in zip(chunk, outs, strict=True):
                if isinstance(think_end_token, int):
                    toks, _ = strip_think_tokens(toks, think_end_token)
                text = encoder.decode(toks)
                if isinstance(think_end_token, int):
                    text = text.lstrip()
                results[i] = postprocess_generation(
                    text, until, think_end_token if isinstance(think_end_token, str) else None)
            if on_answers is not None:
                on_answers({i: results[i] for i in chunk})  # type: ignore[misc]
    return results  # type: ignore[return-value]
