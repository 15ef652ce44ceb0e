"""``generate_until`` on an :class:`~lmeval_megatron.runner.MCoreRunner` (shared with NeMo).

lm-eval's semantics, through the core's :mod:`lmeval.backend.generation`: requests grouped by their generation
arguments, longest context first; ``max_gen_toks`` and its aliases; EOS added to the stop
strings; the context left-truncated to ``max_length - max_gen_toks``; each output cut at its
first stop string; a ``think_end_token`` (string or id) drops the reasoning before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from lmeval.backend.generation import (
    GenerationParams,
    decode_generation,
    group_by_kwargs,
    prompt_budget,
    stop_sequences,
)

if TYPE_CHECKING:  # the runner module imports this one for MCoreLM
    from lmeval_megatron.runner import MCoreRunner


def encode_context(encoder: Any, text: str, first: str) -> list[int]:
    """A prompt's tokens as lm-eval's batch encode makes them (special tokens decided on the
    batch's first prompt for HF tokenizers)."""
    if hasattr(encoder, "encode_prompt"):  # lmeval.backend.encoding.TokenEncoder
        return encoder.encode_prompt(text, first)
    return encoder.encode(text)


def generate_until(runner: MCoreRunner, encoder: Any, items: Sequence[tuple[str, dict]], *,
                   max_length: int, max_gen_toks: int, batch_size: int,
                   think_end_token: str | int | None = None,
                   on_answers: Callable[[dict[int, str]], None] | None = None) -> list[str]:
    """Answer ``(context, gen_kwargs)`` pairs (``gen_kwargs`` includes ``until``); each
    batch's answers go to ``on_answers`` as soon as it is generated."""
    results: list[str | None] = [None] * len(items)
    eos_id = encoder.eot_token_id
    eos = encoder.decode([eos_id], skip_special_tokens=False) if eos_id is not None else None
    for indices in group_by_kwargs(kwargs for _, kwargs in items):
        lengths = {i: len(encoder.encode(items[i][0])) for i in indices}
        order = sorted(indices, key=lambda i: (-lengths[i], items[i][0]))
        params = GenerationParams.from_kwargs(items[order[0]][1], max_gen_toks)
        until = stop_sequences(list(params.until), eos=eos)
        new_tokens = params.max_gen_toks
        room = prompt_budget(max_length, new_tokens)
        for lo in range(0, len(order), max(1, batch_size)):
            chunk = order[lo:lo + max(1, batch_size)]
            first = items[chunk[0]][0]
            contexts = [encode_context(encoder, items[i][0], first)[-room:] for i in chunk]
            outs = runner.generate(
                contexts, max_gen_toks=new_tokens, stop=until, decode=encoder.decode,
                eos_id=eos_id,
                temperature=params.temperature if params.sampling else 0.0,
                top_k=int(params.get("top_k") or 0), top_p=float(params.get("top_p") or 1.0))
            for i, toks in zip(chunk, outs, strict=True):
                results[i] = decode_generation(toks, encoder.decode, until, think_end_token)
            if on_answers is not None:
                on_answers({i: results[i] for i in chunk})  # type: ignore[misc]
    return results  # type: ignore[return-value]
