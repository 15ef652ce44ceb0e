"""Task generation kwargs to vLLM ``SamplingParams`` fields.

Follows lm-eval through :mod:`lmeval.backend.generation`: ``max_gen_toks`` (or its aliases, in their
priority) caps the new tokens; greedy unless ``do_sample`` or a positive ``temperature`` says
otherwise; the EOS text joins the stop strings. The text is cut with
:func:`lmeval.backend.generation.postprocess_generation`. vLLM detokenizes
with special tokens kept (``skip_special_tokens=False``, as lm-eval's vLLM backend does), so stop
strings that are special tokens (``<|im_end|>``) end generation as they do under transformers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.backend.generation import pop_max_gen_toks, stop_sequences
from lmeval.errors import UsageError


def sampling_fields(gen_kwargs: Mapping[str, Any], until: Sequence[str], *, eos: str | None,
                    default_max_gen_toks: int, think_end_token: str | None = None,
                    valid_fields: frozenset[str] | None = None) -> tuple[dict[str, Any], list[str], int]:
    """``(SamplingParams fields without max_tokens, stop strings to cut at, max new tokens)``."""
    kwargs = dict(gen_kwargs)
    kwargs.pop("until", None)
    max_gen_toks = pop_max_gen_toks(kwargs, default_max_gen_toks)
    stops = stop_sequences(list(until), eos or None)

    do_sample = kwargs.pop("do_sample", None)
    temperature = float(kwargs.get("temperature", 0.0) or 0.0)
    if do_sample is False:
        kwargs["temperature"] = 0.0
    elif do_sample is None and temperature <= 0.0:
        kwargs["temperature"] = 0.0

    fields = {"skip_special_tokens": False, "spaces_between_special_tokens": False, **kwargs}
    # With a reasoning model the task's stops (often "\n\n") appear inside the thinking block:
    # stop the engine only at EOS and cut the task's stops after the thinking is stripped.
    fields["stop"] = [s for s in stops if s == eos] if think_end_token else stops
    if valid_fields is not None:
        unknown = sorted(k for k in fields if k not in valid_fields)
        if unknown:
            raise UsageError(
                f"vllm: generation kwargs {unknown} are not vLLM SamplingParams fields"
            )
    return fields, stops, max_gen_toks


def sampling_param_names() -> frozenset[str]:
    """The field names ``vllm.SamplingParams`` accepts."""
    import inspect

    from vllm import SamplingParams

    fields = getattr(SamplingParams, "__struct_fields__", None)
    if fields is None:
        fields = tuple(inspect.signature(SamplingParams).parameters)
    return frozenset(f for f in fields if not f.startswith("_"))
