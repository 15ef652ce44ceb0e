"""Generation arguments and stop handling as lm-eval applies them (pure functions, no torch)."""

from __future__ import annotations

import copy
import logging
from collections.abc import Mapping
from typing import Any

log = logging.getLogger("lmeval.hf")

#: Aliases of the number of new tokens, in priority order.
MAX_TOKEN_KEYS = ("max_gen_toks", "max_new_tokens", "max_tokens", "max_completion_tokens")
_warned: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        log.warning(message)


def normalize_gen_kwargs(gen_kwargs: Mapping[str, Any], default_max_gen_toks: int = 256) -> dict:
    """``until`` as a list, ``max_gen_toks`` from its aliases, ``do_sample``/``temperature`` agreed.

    Greedy unless ``do_sample`` or a positive ``temperature`` is given; ``do_sample=False``
    forces ``temperature`` to 0.0. Other keys pass through for ``generate``.
    """
    kwargs = copy.deepcopy(dict(gen_kwargs))
    until = kwargs.get("until", [])
    if not isinstance(until, list):
        until = [until]
    provided = {k: kwargs.pop(k) for k in MAX_TOKEN_KEYS if kwargs.get(k) is not None}
    for k in MAX_TOKEN_KEYS:
        kwargs.pop(k, None)
    if len(provided) > 1:
        _warn_once(f"Multiple max token args provided: {provided}; using the first of "
                   f"{' > '.join(MAX_TOKEN_KEYS)}")
    max_gen_toks = int(next(iter(provided.values()), default_max_gen_toks))
    do_sample = kwargs.get("do_sample")
    temperature = float(kwargs.get("temperature", 0.0))
    if do_sample is None:
        kwargs["do_sample"] = temperature > 0.0
    elif do_sample is False:
        if temperature:
            _warn_once(f"do_sample=False but temperature={temperature}; using greedy decoding")
        kwargs["temperature"] = 0.0
    elif temperature == 0.0:
        _warn_once("do_sample=True but temperature=0.0; set temperature > 0 to sample")
    kwargs["until"] = until
    kwargs["max_gen_toks"] = max_gen_toks
    return kwargs


def stop_sequences(until: str | list[str] | None, eos: str | None) -> list[str]:
    """The stop strings of a request, with the EOS string added."""
    if isinstance(until, str):
        until = [until]
    elif until is None:
        until = []
    elif not isinstance(until, list):
        raise ValueError(f"Expected `until` to be a str or a list, got {until!r}")
    else:
        until = list(until)
    if eos is not None and eos not in until:
        until.append(eos)
    return until


def postprocess_generation(text: str, stop: list[str] | str | None,
                           think_end_token: str | None = None) -> str:
    """Drop the reasoning before ``think_end_token``, then cut at the first stop string."""
    if think_end_token:
        text = text.split(think_end_token)[-1].lstrip()
    if stop:
        for term in [stop] if isinstance(stop, str) else stop:
            if term:
                text = text.split(term)[0]
    return text


def strip_think_tokens(tokens: list[int], think_end_token_id: int) -> tuple[list[int], bool]:
    """Tokens after the last ``think_end_token_id``; the flag says whether one was found."""
    last = -1
    for i, tok in enumerate(tokens):
        if tok == think_end_token_id:
            last = i
    if last < 0:
        return tokens, False
    return tokens[last + 1:], True


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
