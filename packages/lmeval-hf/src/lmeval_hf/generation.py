"""``generate_until`` as lm-eval runs it on transformers' ``generate``.

Requests are grouped by their generation arguments, sorted longest context first and
batched. Contexts are left-padded and left-truncated to ``max_length - max_gen_toks``
(causal). Generation is greedy unless sampling is asked for; it stops when every row of the
batch has produced one of the stop strings (checked on decoded text) or EOS, or after
``max_gen_toks`` tokens. Each output is cut at its first stop string; a ``think_end_token``
drops the reasoning before it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import torch
import transformers
from lmeval.backend.generation import (
    decode_generation,
    group_by_kwargs,
    normalize_gen_kwargs,
    prompt_budget,
    stop_sequences,
)

if TYPE_CHECKING:
    from lmeval_hf.models import HFLM

log = logging.getLogger("lmeval.hf")


class StopOnText(transformers.StoppingCriteria):
    """Stops the batch once, for one of the stop strings, every row's recent tokens decode to
    text containing it (lm-eval's rule: one criterion per string, the batch ends when any of
    them has seen its string in every row).

    A row's window reaches two tokens further back than the stop string's own encoding, since
    a model may produce it split differently (``"\n", "\n"`` for ``"\n\n"``), and never
    into the prompt. All strings are checked on one decode per step of the longest window
    (lm-eval decodes the batch once per string): a longer window can only see an occurrence
    sooner, and every output is cut at its first stop string, so the texts are the same.
    """

    def __init__(self, sequences: Sequence[str], tokenizer: Any, prompt_length: int,
                 batch_size: int) -> None:
        self.sequences = list(sequences)
        self.tokenizer = tokenizer
        self.prompt_length = prompt_length
        self.done = [[False] * batch_size for _ in self.sequences]
        self.lookback = max((len(tokenizer.encode(s, add_special_tokens=False)) + 2
                             for s in self.sequences), default=0)

    def __call__(self, input_ids: torch.Tensor, scores: Any, **kwargs: Any) -> bool:
        if not self.sequences:
            return False
        recent = input_ids[:, self.prompt_length:][:, -self.lookback:]
        texts = self.tokenizer.batch_decode(recent)
        finished = False
        for sequence, done in zip(self.sequences, self.done, strict=True):
            for i, seen in enumerate(done):
                if not seen:
                    done[i] = sequence in texts[i]
            finished = finished or False not in done
        return finished


def stopping_criteria(until: Sequence[str], tokenizer: Any, prompt_length: int,
                      batch_size: int) -> transformers.StoppingCriteriaList:
    """The stop-string criterion of one generation batch (see :class:`StopOnText`)."""
    return transformers.StoppingCriteriaList(
        [StopOnText(until, tokenizer, prompt_length, batch_size)] if until else [])


def generate_call_kwargs(kwargs: dict) -> dict:
    """Arguments for ``model.generate`` after :func:`normalize_gen_kwargs` (``until`` and
    ``max_gen_toks`` already removed): greedy drops a zero temperature, as lm-eval does."""
    kwargs = dict(kwargs)
    kwargs["temperature"] = kwargs.get("temperature", 0.0)
    do_sample = kwargs.get("do_sample")
    temp = kwargs.get("temperature")
    if temp == 0.0 and do_sample is None:
        kwargs["do_sample"] = do_sample = False
    if do_sample is False and temp == 0.0:
        kwargs.pop("temperature", None)
    return kwargs


def generate_until(lm: HFLM, requests: Sequence[tuple[str, dict]],
                   on_answers: Callable[[dict[int, str]], None] | None = None) -> list[str]:
    """Answer ``(context, gen_kwargs)`` pairs (``gen_kwargs`` includes ``until``); each
    batch's answers go to ``on_answers`` as soon as it is generated."""
    results: list[str | None] = [None] * len(requests)
    batch_size = lm.sizer.single(lm.max_length)
    eos = lm.encoder.decode(lm.encoder.eot_token_id, skip_special_tokens=False)
    for indices in group_by_kwargs(kwargs for _, kwargs in requests):
        lengths = {i: len(lm.encoder.encode(requests[i][0])) for i in indices}
        order = sorted(indices, key=lambda i: (-lengths[i], requests[i][0]))
        for lo in range(0, len(order), batch_size):
            chunk = order[lo:lo + batch_size]
            texts = _generate_chunk(lm, [requests[i][0] for i in chunk], requests[chunk[0]][1], eos)
            for i, text in zip(chunk, texts, strict=True):
                results[i] = text
            if on_answers is not None:
                on_answers(dict(zip(chunk, texts, strict=True)))
    return results  # type: ignore[return-value]


def _generate_chunk(lm: HFLM, contexts: list[str], gen_kwargs: dict, eos: str) -> list[str]:
    kwargs = normalize_gen_kwargs(gen_kwargs, lm.max_gen_toks)
    until = stop_sequences(kwargs.pop("until", None), eos=eos)
    max_gen_toks = kwargs.pop("max_gen_toks")
    if lm.backend == "causal":
        max_ctx_len = prompt_budget(lm.max_length, max_gen_toks)
    else:
        max_ctx_len = lm.max_length
    input_ids, attention_mask = lm.batch_encode(contexts, left_truncate_len=max_ctx_len,
                                                truncation=lm.truncation)
    if "max_length" in kwargs:
        log.warning("`max_length` in generation kwargs: use `max_gen_toks` instead")
    max_length = kwargs.pop("max_length", input_ids.shape[1] + max_gen_toks)
    stopping = stopping_criteria(until, lm.tokenizer, input_ids.shape[1], input_ids.shape[0])
    # inference mode on top of no_grad: no version counters or view tracking on the many small
    # tensors of each decoding step (1-3% of a CPU run's generation time, same tokens)
    with lm.model_context(), torch.inference_mode():
        out = lm.model.generate(
            input_ids=input_ids,
            attention_mask=attention_mask,
            max_length=max_length,
            stopping_criteria=stopping,
            pad_token_id=lm.tokenizer.pad_token_id,
            use_cache=True,
            **generate_call_kwargs(kwargs),
        )
    texts = []
    for row in out.tolist():
        if lm.backend == "causal":
            row = row[input_ids.shape[1]:]
        texts.append(decode_generation(row, lm.encoder.decode, until, lm.think_end_token,
                                       max_gen_toks=max_gen_toks, pad_token_id=lm.tokenizer.pad_token_id))
    return texts
