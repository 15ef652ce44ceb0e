"""What a ``generate_until`` request means, as lm-eval applies it (pure functions, no torch).

The number of new tokens and its aliases, greedy versus sampling, the stop strings (the task's
``until`` plus the EOS text), the prompt budget left by ``max_gen_toks``, and the cut of the
generated text: reasoning dropped up to ``think_end_token``, then the text cut at its first
stop string. Every backend applies these, so a task means the same on every engine.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lmeval.errors import UsageError

log = logging.getLogger("lmeval.backend.generation")

#: Aliases of the number of new tokens, in priority order (lm-eval's local models).
MAX_TOKEN_KEYS = ("max_gen_toks", "max_new_tokens", "max_tokens", "max_completion_tokens")
#: The two names lm-eval's API models read, in their order; other aliases are API fields.
API_MAX_TOKEN_KEYS = ("max_tokens", "max_gen_toks")
_warned: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        log.warning(message)


def pop_max_gen_toks(kwargs: dict[str, Any], default: int,
                     keys: Sequence[str] = MAX_TOKEN_KEYS) -> int:
    """Remove every alias in ``keys`` from ``kwargs``; the first one set wins, else ``default``."""
    provided = {k: kwargs[k] for k in keys if kwargs.get(k) is not None}
    for k in keys:
        kwargs.pop(k, None)
    if len(provided) > 1:
        _warn_once(f"Multiple max token args provided: {provided}; using the first of "
                   f"{' > '.join(keys)}")
    return int(next(iter(provided.values()), default))


def normalize_gen_kwargs(gen_kwargs: Mapping[str, Any], default_max_gen_toks: int = 256) -> dict:
    """``until`` as a list, ``max_gen_toks`` from its aliases, ``do_sample``/``temperature`` agreed.

    Greedy unless ``do_sample`` or a positive ``temperature`` is given; ``do_sample=False``
    forces ``temperature`` to 0.0. Other keys pass through for the engine.
    """
    kwargs = copy.deepcopy(dict(gen_kwargs))
    until = kwargs.get("until", [])
    if not isinstance(until, list):
        until = [until]
    max_gen_toks = pop_max_gen_toks(kwargs, default_max_gen_toks)
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


def request_fields(gen_kwargs: Mapping[str, Any], default_max_gen_toks: int
                   ) -> tuple[dict[str, Any], int]:
    """Generation kwargs as the fields of a completions request to a server (OpenAI-style
    APIs, llama.cpp): ``(fields, max new tokens)``.

    As lm-eval's API models: ``max_tokens`` before ``max_gen_toks``; the other aliases are sent
    on as fields; ``do_sample`` and ``until`` are dropped; ``temperature`` defaults to 0.
    """
    fields = dict(gen_kwargs)
    fields.pop("do_sample", None)
    fields.pop("until", None)
    n = pop_max_gen_toks(fields, default_max_gen_toks, API_MAX_TOKEN_KEYS)
    fields.setdefault("temperature", 0)
    return fields, n


@dataclass(frozen=True)
class GenerationParams:
    """One request's generation arguments after :func:`normalize_gen_kwargs`."""

    until: tuple[str, ...]
    max_gen_toks: int
    do_sample: bool
    temperature: float
    #: every other key, as given (``top_p``, ``top_k``, engine-specific fields ...)
    extra: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def from_kwargs(cls, gen_kwargs: Mapping[str, Any],
                    default_max_gen_toks: int = 256) -> GenerationParams:
        kwargs = normalize_gen_kwargs(gen_kwargs, default_max_gen_toks)
        until = tuple(kwargs.pop("until"))
        max_gen_toks = int(kwargs.pop("max_gen_toks"))
        do_sample = bool(kwargs.pop("do_sample"))
        temperature = float(kwargs.pop("temperature", 0.0) or 0.0)
        return cls(until, max_gen_toks, do_sample, temperature, tuple(kwargs.items()))

    @property
    def sampling(self) -> bool:
        """Whether tokens are sampled: ``do_sample`` with a positive temperature."""
        return self.do_sample and self.temperature > 0.0

    def get(self, key: str, default: Any = None) -> Any:
        """An ``extra`` argument by name."""
        return dict(self.extra).get(key, default)


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def group_by_kwargs(kwargs_list: Iterable[Mapping[str, Any]]) -> list[list[int]]:
    """Indices of the requests whose generation arguments (``until`` included) are equal: lm-eval
    batches only those together. Groups in order of first appearance."""
    groups: dict[Any, list[int]] = {}
    for i, kwargs in enumerate(kwargs_list):
        groups.setdefault(_freeze(dict(kwargs)), []).append(i)
    return list(groups.values())


def stop_sequences(until: str | Sequence[str] | None, eos: str | None) -> list[str]:
    """The stop strings of a request, with the EOS text added (lm-eval's rule)."""
    if isinstance(until, str):
        until = [until]
    elif until is None:
        until = []
    elif not isinstance(until, (list, tuple)):
        raise UsageError(f"Expected `until` to be a str or a list, got {until!r}")
    else:
        until = list(until)
    if eos is not None and eos not in until:
        until.append(eos)
    return until


def cut_at_stop(text: str, stops: str | Sequence[str] | None) -> str:
    """``text`` cut at each stop string in turn (empty stops ignored), as lm-eval cuts it."""
    if stops:
        for term in [stops] if isinstance(stops, str) else stops:
            if term:
                text = text.split(term)[0]
    return text


def strip_thinking(text: str, think_end_token: str | None) -> str:
    """The text after the last ``think_end_token``, left-stripped (unchanged when None)."""
    if think_end_token:
        text = text.split(think_end_token)[-1].lstrip()
    return text


def postprocess_generation(text: str, stop: Sequence[str] | str | None,
                           think_end_token: str | None = None) -> str:
    """Drop the reasoning before ``think_end_token``, then cut at the first stop string."""
    return cut_at_stop(strip_thinking(text, think_end_token), stop)


def strip_think_tokens(tokens: list[int], think_end_token_id: int) -> tuple[list[int], bool]:
    """Tokens after the last ``think_end_token_id``; the flag says whether one was found."""
    last = -1
    for i, tok in enumerate(tokens):
        if tok == think_end_token_id:
            last = i
    if last < 0:
        return tokens, False
    return tokens[last + 1:], True


def parse_think_end_token(value: str | int | None) -> str | int | None:
    """``think_end_token`` model argument: a string of digits is a token id (lm-eval's rule)."""
    if isinstance(value, bool):
        raise UsageError(f"think_end_token: expected a string or a token id, got {value!r}")
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def decode_generation(tokens: list[int], decode: Callable[[list[int]], str],
                      stops: Sequence[str] | None, think_end_token: str | int | None, *,
                      max_gen_toks: int | None = None, pad_token_id: int | None = None) -> str:
    """Generated ids to the task's answer.

    A token-id ``think_end_token`` drops every id up to its last occurrence before decoding
    (the text is then left-stripped); a string one is found in the decoded text. The text is
    then cut at its first stop string. With a ``think_end_token`` the answer is a
    :class:`lmeval.backend.reasoning.GeneratedText` saying whether the thinking was closed and, given
    ``max_gen_toks`` (and the padding id, trailing padding not counted), whether the budget ran out.
    """
    generated = len(tokens)
    if pad_token_id is not None:
        while generated and tokens[generated - 1] == pad_token_id:
            generated -= 1
    if isinstance(think_end_token, int):
        tokens, closed = strip_think_tokens(list(tokens), think_end_token)
        text = cut_at_stop(decode(tokens).lstrip(), stops)
    else:
        raw = decode(tokens)
        closed = bool(think_end_token) and think_end_token in raw
        text = postprocess_generation(raw, stops, think_end_token)
    if think_end_token is None or think_end_token == "":
        return text
    from lmeval.backend.reasoning import traced

    return traced(text, thinking_closed=closed, tokens=generated, max_gen_toks=max_gen_toks)


def prompt_budget(max_length: int, max_gen_toks: int, *, limit_name: str = "max_length",
                  reserved: int = 0) -> int:
    """Tokens left for the prompt once ``max_gen_toks`` new tokens (and ``reserved`` positions
    the engine keeps for itself) are set aside."""
    room = int(max_length) - int(max_gen_toks) - int(reserved)
    if room <= 0:
        kept = f" ({reserved} position(s) kept by the engine)" if reserved else ""
        raise UsageError(f"max_gen_toks={max_gen_toks} leaves no room for the prompt in "
                         f"{limit_name}={max_length}{kept}: lower max_gen_toks or raise "
                         f"{limit_name} in --model_args")
    return room


def truncate_prompt(tokens: Sequence[int], room: int, side: str = "left") -> list[int]:
    """Cut a prompt to ``room`` tokens, dropping tokens on ``side`` (left, right or middle)."""
    tokens = list(tokens)
    if len(tokens) <= room:
        return tokens
    if side == "left":
        return tokens[-room:] if room > 0 else []
    if side == "right":
        return tokens[:room]
    if side == "middle":
        left = room // 2
        return tokens[:left] + tokens[len(tokens) - (room - left):]
    raise UsageError(f"unknown truncation_side {side!r}: use left, right or middle")
