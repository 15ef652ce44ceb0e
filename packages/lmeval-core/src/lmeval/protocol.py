"""The request kinds and the `LM` contract every backend implements."""

from __future__ import annotations

import contextlib
import enum
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from lmeval.errors import UsageError
from lmeval.media import TEXT, Media

ChatMessages = tuple[Mapping[str, str], ...]
"""A chat conversation: ``({"role": "user", "content": "..."}, ...)``."""

Context = str | ChatMessages


class RequestKind(str, enum.Enum):
    LOGLIKELIHOOD = "loglikelihood"
    LOGLIKELIHOOD_ROLLING = "loglikelihood_rolling"
    GENERATE_UNTIL = "generate_until"


@dataclass(frozen=True, slots=True)  # no __dict__: a run holds one per request
class LoglikelihoodRequest:
    """Score ``continuation`` given ``context``; answered by ``(logprob, is_greedy)``."""

    context: Context
    continuation: str
    #: Images of the context (a task with ``doc_to_image``); empty for text.
    media: Media = field(default=Media())
    kind: ClassVar[RequestKind] = RequestKind.LOGLIKELIHOOD

    @property
    def args(self) -> tuple[Any, ...]:
        base = (self.context, self.continuation)
        return (*base, self.media.argument()) if self.media else base


@dataclass(frozen=True, slots=True)
class RollingRequest:
    """Total log-probability of ``text`` scored in rolling windows; answered by a float."""

    text: str
    kind: ClassVar[RequestKind] = RequestKind.LOGLIKELIHOOD_ROLLING

    @property
    def args(self) -> tuple[Any, ...]:
        return (self.text,)


@dataclass(frozen=True, slots=True)
class GenerateRequest:
    """Generate from ``context`` until a stop string; answered by the generated text.

    ``gen_kwargs`` is a sorted tuple of ``(key, value)`` pairs (hashable); use
    :meth:`generation_kwargs` for a dict. ``until`` is already separated out of it.
    """

    context: Context
    until: tuple[str, ...] = ()
    gen_kwargs: tuple[tuple[str, Any], ...] = field(default=())
    #: Images of the context (a task with ``doc_to_image``); empty for text.
    media: Media = field(default=Media())
    kind: ClassVar[RequestKind] = RequestKind.GENERATE_UNTIL

    @staticmethod
    def make(context: Context, gen_kwargs: Mapping[str, Any] | None = None,
             media: Media | None = None) -> GenerateRequest:
        kwargs = dict(gen_kwargs or {})
        until = kwargs.pop("until", None)
        if until is None:
            until = ()
        elif isinstance(until, str):
            until = (until,)
        return GenerateRequest(
            context=context,
            until=tuple(until),
            gen_kwargs=tuple(sorted((k, _freeze(v)) for k, v in kwargs.items())),
            media=media or Media(),
        )

    def generation_kwargs(self) -> dict[str, Any]:
        return {k: _thaw(v) for k, v in self.gen_kwargs}

    @property
    def args(self) -> tuple[Any, ...]:
        base = (self.context, {"until": list(self.until), **self.generation_kwargs()})
        return (*base, self.media.argument()) if self.media else base


Request = LoglikelihoodRequest | RollingRequest | GenerateRequest


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class UnsupportedRequestError(UsageError, RuntimeError):
    """A task asked a backend for a request kind it cannot answer: a usage error (the CLI
    prints it in one line, exit 2), raised before any model call."""


AnswerSink = Callable[[Mapping[int, Any]], None]
"""Receives ``{index: answer}`` for requests of the call in progress (see ``LM.report_answers``)."""


class LM:
    """Base class of every model backend.

    A backend overrides the methods of the request kinds it supports and lists them in
    ``supported_kinds``. Each method receives a list of requests and returns one answer per
    request, in the same order. The scheduler has already removed duplicates and cached
    answers; it calls the methods in chunks. A backend that computes in batches calls
    :meth:`report_answers` as each batch finishes, so those answers reach the response cache
    at once and a killed run loses only the batch in flight; answers never reported are stored
    when the method returns.

    Everything the core reads or calls on a backend is declared here with its default; see
    the LM contract in the plugin guide.
    """

    #: Run options (``batch_size``, ``max_batch_size``, ``device``) the backend takes, for
    #: lm-eval's signature, but does not use: given on the command line, the core says so once.
    unused_run_options: ClassVar[frozenset[str]] = frozenset()
    #: The request kinds this backend answers. Asking for another fails before any model call.
    supported_kinds: ClassVar[frozenset[RequestKind]] = frozenset(RequestKind)
    #: The inputs a request may carry for this backend: ``"text"``, and ``"image"`` for a
    #: backend that takes a request's :class:`~lmeval.media.Media` (``hf-multimodal``,
    #: ``vllm-vlm``). A task with images on a text-only backend fails before the model loads.
    supported_inputs: ClassVar[frozenset[str]] = frozenset({TEXT})
    #: The request kinds that may carry images, for a backend that takes them (lm-eval's
    #: multimodal backends generate only); a task whose requests are another kind is refused
    #: before the model loads.
    image_kinds: ClassVar[frozenset[RequestKind]] = frozenset(RequestKind)
    #: Registered name (``"hf"``, ``"vllm"`` ...), set by the core when it builds the model.
    backend_name: str = "lm"
    #: The keyword arguments this LM was built with: recorded from the constructor call, and
    #: replaced by the core with the model arguments it passed when it builds the model from
    #: ``--model_args``. They key the response cache (:mod:`lmeval.run.identity`).
    model_args: Mapping[str, Any] = MappingProxyType({})
    #: Model arguments of this backend that change only where or how fast it runs (parallelism,
    #: memory limits, concurrency), left out of the response-cache key besides the core's
    #: ``batch_size``, ``max_batch_size`` and ``device``.
    cache_neutral_args: ClassVar[frozenset[str]] = frozenset()
    #: True when the backend sets up its own ranks (tensor or pipeline parallel: every process
    #: is a worker of one model); the core then takes ranks from :attr:`rank` and
    #: :attr:`world_size`, and only the launcher's global rank 0 writes results.
    owns_ranks: bool = False
    _rank: int = 0  # class defaults: a backend that skips LM.__init__ still has one rank
    _world_size: int = 1

    def __new__(cls, *args: Any, **kwargs: Any) -> LM:
        """Record the constructor's arguments as :attr:`model_args` before ``__init__`` runs."""
        self = super().__new__(cls)
        self.model_args = _constructor_args(cls, args, kwargs)
        return self

    def __init__(self) -> None:
        self._rank = 0
        self._world_size = 1

    # -- the three request kinds -------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        raise UnsupportedRequestError(self._unsupported(RequestKind.LOGLIKELIHOOD))

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        raise UnsupportedRequestError(self._unsupported(RequestKind.LOGLIKELIHOOD_ROLLING))

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        raise UnsupportedRequestError(self._unsupported(RequestKind.GENERATE_UNTIL))

    # -- optional capabilities ---------------------------------------------------------
    def apply_chat_template(
        self, messages: Sequence[Mapping[str, str]], add_generation_prompt: bool = True
    ) -> str:
        """Render chat messages to the model's prompt string (backends with a template)."""
        raise UnsupportedRequestError(
            f"backend {self.backend_name!r} has no chat template; drop --apply_chat_template"
        )

    @property
    def tokenizer_name(self) -> str:
        """Name recorded in results for the chat-template hash."""
        return ""

    @property
    def chat_template(self) -> str | None:
        return None

    def identity(self) -> Mapping[str, Any]:
        """The response-cache key of this model, computed by the core (:mod:`lmeval.run.identity`):
        the backend's name, its :attr:`model_args` less the cache-neutral ones, and
        :meth:`identity_extras`. Backends add to it through :meth:`identity_extras`."""
        from lmeval.run.identity import model_identity  # the run layer computes it

        return model_identity(self)

    def identity_extras(self) -> Mapping[str, Any]:
        """What changes this model's answers besides its model arguments: fingerprints of local
        files, what a server reports about the model it serves, a resolved checkpoint. JSON-able
        values; the default adds nothing."""
        return {}

    def model_info(self) -> Mapping[str, Any]:
        """Facts about the model for the results file, under lm-eval 0.4.13's names and types:
        ``model_num_parameters`` (int), ``model_dtype``, ``model_revision``, ``model_sha`` (str;
        written under ``config``), ``tokenizer_pad_token`` / ``_eos_token`` / ``_bos_token``
        (``[token, str(id)]``), ``eot_token_id`` and ``max_length`` (int; top level). Give the
        ones the backend knows; the default gives none."""
        return {}

    @classmethod
    def start_early(cls, args: Mapping[str, Any]) -> Callable[[], LM] | None:
        """Called with the checked model arguments before any task is loaded: a callable that
        builds this model (usually ``functools.partial(cls, **args)``), which the kernel runs in
        a daemon thread while the tasks are built and joins when it needs the model; or None
        (the default) to be built afterwards, in the main thread. Return one only when the
        construction is safe outside the main thread (no signal handlers, no ``fork`` while
        another thread runs); ``LMEVAL_EARLY_START=0`` turns it off (:mod:`lmeval.run.early_start`)."""
        return None

    def close(self) -> None:
        """Stop what the backend started (engines, worker processes). The core calls it once,
        after the last request, on a model it built; an LM passed in by the caller stays open."""

    #: How many requests the scheduler hands over per call (None: its default). Backends
    #: that gain from seeing everything at once (continuous batching) set a large number.
    chunk_size: int | None = None

    # -- answers as they finish --------------------------------------------------------
    #: Where :meth:`report_answers` sends answers; bound by :meth:`answers_to` for one call.
    _answer_sink: AnswerSink | None = None

    def report_answers(self, answers: Mapping[int, Any]) -> None:
        """Hand over the answers of a finished batch: ``{index: answer}``, ``index`` into the
        requests of the request method running now.

        Each answer must be exactly what the method returns at that index. Call it once per
        batch (each call is one commit to the response cache), from any thread; outside a
        scheduler call it does nothing.
        """
        sink = self._answer_sink
        if sink is not None and answers:
            sink(answers)

    @property
    def reporting(self) -> bool:
        """Whether :meth:`report_answers` goes anywhere now (a backend may skip extra work)."""
        return self._answer_sink is not None

    @contextlib.contextmanager
    def answers_to(self, sink: AnswerSink) -> Iterator[None]:
        """Send :meth:`report_answers` to ``sink`` for the duration of one request call."""
        previous, self._answer_sink = self._answer_sink, sink
        try:
            yield
        finally:
            self._answer_sink = previous

    # -- ranks -------------------------------------------------------------------------
    @property
    def rank(self) -> int:
        return self._rank

    @property
    def world_size(self) -> int:
        return self._world_size

    def all_gather_object(self, obj: Any) -> list[Any]:
        """Every rank's ``obj``, in rank order; the scheduler shares cache hits and answers
        through it. The default gathers over the launcher's ranks (torchrun, accelerate):
        ``[obj]`` in a single process."""
        from lmeval.backend import distributed

        return distributed.gather_launcher_ranks(obj)

    def _unsupported(self, kind: RequestKind) -> str:
        supported = ", ".join(sorted(k.value for k in self.supported_kinds)) or "none"
        return (
            f"backend {self.backend_name!r} does not support {kind.value} requests "
            f"(it supports: {supported})"
        )

    def check_supports(self, kinds: set[RequestKind]) -> None:
        """Raise before any model call when a needed request kind is unsupported."""
        missing = sorted(k.value for k in kinds if k not in self.supported_kinds)
        if missing:
            raise UnsupportedRequestError(self._unsupported(RequestKind(missing[0])))

    def check_inputs(self, inputs: set[str]) -> None:
        """Raise before any model call when requests carry inputs (images) it cannot take."""
        missing = sorted(inputs - set(self.supported_inputs))
        if missing:
            raise UnsupportedRequestError(unsupported_inputs(self.backend_name, missing,
                                                             self.supported_inputs))


def unsupported_inputs(backend: str, missing: Sequence[str], supported: frozenset[str]) -> str:
    """The message for requests with ``missing`` inputs sent to ``backend``."""
    return (f"backend {backend!r} takes {', '.join(sorted(supported))} input only; the requests "
            f"carry {' and '.join(f'{m}s' for m in missing)} (use a multimodal backend: "
            f"--model hf-multimodal or --model vllm-vlm)")


def _constructor_args(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> dict[str, Any]:
    """The constructor call as ``{parameter: value}`` (``**kwargs`` flattened in)."""
    try:
        signature = inspect.signature(cls.__init__)
        bound = signature.bind(None, *args, **kwargs)
    except (TypeError, ValueError):  # __init__ will say what is wrong with the call
        return {**{f"_{i}": a for i, a in enumerate(args)}, **kwargs}
    out: dict[str, Any] = {}
    for name, value in list(bound.arguments.items())[1:]:  # [0] is self
        kind = signature.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            out.update(value)
        elif kind is inspect.Parameter.VAR_POSITIONAL:
            out.update({f"_{j}": a for j, a in enumerate(value)})
        else:
            out[name] = value
    return out


def parse_model_args(arg_string: str | Mapping[str, Any] | None) -> dict[str, Any]:
    """Parse ``k=v,k2=v2`` as lm-eval does: values become bool/int/float where they look so.

    Values may be quoted to hold commas: ``extra_args="--a --b",system="x, y"``.
    """
    if arg_string is None:
        return {}
    if isinstance(arg_string, Mapping):
        return dict(arg_string)
    out: dict[str, Any] = {}
    for item in _split_top_level(arg_string.strip()):
        if not item:
            continue
        if "=" not in item:
            from lmeval.outputs.redact import shown_word

            raise ValueError(f"model argument {shown_word(item, 'an item')} is not of the form key=value")
        key, value = item.split("=", 1)
        out[key.strip()] = coerce_value(value.strip())
    return out


def _split_top_level(text: str) -> list[str]:
    parts, buf, quote = [], [], ""
    for ch in text:
        if quote:
            if ch == quote:
                quote = ""
            else:
                buf.append(ch)
        elif ch in "\"'":
            quote = ch
        elif ch == ",":
            parts.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
    parts.append("".join(buf))
    return parts


def coerce_value(value: str) -> Any:
    lowered = value.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered in ("none", "null"):
        return None
    for cast in (int, float):
        try:
            return cast(value)
        except ValueError:
            pass
    return value
