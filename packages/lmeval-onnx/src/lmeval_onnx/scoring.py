"""The one scoring implementation of every ONNX backend.

Tokenization, request building, log-probability gathering, rolling windows and the generation
loop live here; an engine adapter (onnxruntime-genai, a raw ``InferenceSession``, Windows ML)
only opens the export and runs the graph:

* :meth:`Engine.logits` — one forward pass over a token list, logits of every position;
* :meth:`Engine.start` — a decoding state with a KV cache: the next-token logits, then one
  appended token at a time.

Tokens, truncation and window boundaries follow lm-eval's ``HFLM`` through the core's
:mod:`lmeval.backend.encoding`, :mod:`lmeval.backend.rolling` and :mod:`lmeval.backend.generation` (the code lmeval-hf
uses), so scores equal those of lmeval-hf on the source model up to the float noise of the
runtimes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import numpy as np
from lmeval.backend import logits as logits_lib
from lmeval.backend.encoding import TokenEncoder
from lmeval.backend.generation import (
    decode_generation,
    parse_think_end_token,
    pop_max_gen_toks,
    prompt_budget,
    stop_sequences,
)
from lmeval.backend.rolling import loglikelihood_windows
from lmeval.backend.tokenizer_chat import TokenizerChat
from lmeval.errors import UsageError
from lmeval.protocol import (
    LM,
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
)
from lmeval.requires import require
from lmeval.run.identity import local_files

from lmeval_onnx.export import ModelBuilderExport
from lmeval_onnx.providers import parse_provider_options

log = logging.getLogger("lmeval.onnx")

DEFAULT_MAX_LENGTH = 2048
DEFAULT_MAX_GEN_TOKS = 256
_SAMPLING_KWARGS = {"do_sample", "temperature", "top_p", "top_k", "max_length", "until"}


class Decoding(Protocol):
    """Incremental decoding of one sequence; the engine keeps its KV cache."""

    def next_logits(self) -> np.ndarray:
        """Logits ``[vocab]`` of the token after everything fed so far."""

    def append(self, token: int) -> None:
        """Feed one more token."""


class Prefix(Protocol):
    """A context run once; continuations are scored on top of its KV cache."""

    #: Logits ``[vocab]`` of the token after the context.
    last_logits: np.ndarray

    def extend(self, tokens: Sequence[int]) -> np.ndarray:
        """Logits ``[len(tokens), vocab]`` of ``tokens`` after the context; the cache is left
        as it was, so the next call starts from the context again."""


class Engine(Protocol):
    """What an adapter gives the scoring core."""

    #: e.g. ``"onnxruntime 1.32.0"``: names the runtime in messages and the cache identity.
    runtime: str
    #: The execution providers in use, most preferred first.
    providers: list[str]

    def logits(self, tokens: Sequence[int]) -> np.ndarray:
        """One pass over ``tokens`` (empty KV cache); float32 ``[len(tokens), vocab]``."""

    def start(self, prompt: Sequence[int], max_total: int) -> Decoding:
        """A decoding state after ``prompt``, for at most ``max_total`` tokens in all."""

    def prefix(self, tokens: Sequence[int], max_extra: int) -> Prefix:
        """Run ``tokens`` once, to score continuations of up to ``max_extra`` tokens on it."""


class OnnxLM(TokenizerChat, LM):
    """An LM over a Model Builder export; subclasses choose the engine (:meth:`open_engine`).

    Model args: ``pretrained`` (export directory or a ``.onnx`` inside it),
    ``execution_provider``, ``provider_options`` (JSON object or ``k=v;k2=v2``), ``max_length``
    (default: genai_config's ``context_length``), ``max_gen_toks`` (256), ``add_bos_token``,
    ``prefix_token_id``, ``tokenizer`` (a directory, default: the export's),
    ``trust_remote_code``, ``think_end_token``, ``seed`` (sampling), ``prefix_reuse`` (score
    the continuations of one context on its KV cache; default on), ``batch_size`` (1 only).
    """

    supported_kinds: ClassVar[frozenset[RequestKind]] = frozenset(RequestKind)
    #: Engine family in the cache identity ("onnxruntime", "onnxruntime-genai", "winml").
    engine_name: ClassVar[str] = "onnx"
    #: The scheduler's chunk: all choices of a question should meet in one call.
    chunk_size = 1024
    #: Scoring continuations on a shared KV cache changes only the speed.
    cache_neutral_args = frozenset({"prefix_reuse"})
    chat_log = log
    chat_log_prefix = "lmeval-onnx"

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """``max_length`` (prompt plus new tokens), read beside the core's generation keys."""
        return frozenset({"max_length"})

    def __init__(self, pretrained: str | None = None, execution_provider: str | None = None,
                 provider_options: Any = None, max_length: int | None = None,
                 max_gen_toks: int = DEFAULT_MAX_GEN_TOKS, add_bos_token: bool | None = None,
                 prefix_token_id: int | None = None, tokenizer: str | None = None,
                 trust_remote_code: bool = False, think_end_token: str | int | None = None,
                 seed: int = 1234, prefix_reuse: bool = True, batch_size: Any = 1,
                 max_batch_size: Any = None, device: Any = None) -> None:
        super().__init__()
        if str(batch_size) not in ("1", "None"):
            log.warning("lmeval-onnx: %s runs batch size 1; batch_size=%s is ignored",
                        self.engine_name, batch_size)
        if device is not None:
            log.info("lmeval-onnx: --device is not used; choose the device with "
                     "execution_provider=...")
        self.export = ModelBuilderExport.open(pretrained)
        self.pretrained = str(pretrained)
        self.execution_provider = execution_provider or None
        self.provider_options = parse_provider_options(provider_options)
        self._max_gen_toks = int(max_gen_toks)
        self.think_end_token = parse_think_end_token(think_end_token)
        self._rng = np.random.default_rng(int(seed))
        self.seed = int(seed)
        self.prefix_reuse = bool(prefix_reuse)
        self.tokens_fed = 0
        self.add_bos_token = add_bos_token
        self.prefix_token_id_arg = None if prefix_token_id is None else int(prefix_token_id)
        self.tokenizer_path = tokenizer
        self.max_length = self._resolve_max_length(max_length)
        self.tokenizer = self._load_tokenizer(tokenizer or self.export.directory, trust_remote_code)
        self.tok = TokenEncoder(self.tokenizer, add_bos_token=add_bos_token,
                                prefix_token_id=self.prefix_token_id_arg)
        self.engine: Engine = self.open_engine()
        log.info("lmeval-onnx: %s on %s via %s", self.export.directory,
                 ", ".join(self.engine.providers), self.engine.runtime)

    # -- set-up ---------------------------------------------------------------------------
    def open_engine(self) -> Engine:
        raise NotImplementedError

    def _resolve_max_length(self, max_length: int | None) -> int:
        context = self.export.context_length
        if max_length:
            if context and int(max_length) > context:
                raise UsageError(
                    f"max_length={max_length} is longer than the export's context_length "
                    f"({context}, genai_config.json): the graph has no positions past it")
            return int(max_length)
        return context or DEFAULT_MAX_LENGTH

    @staticmethod
    def _load_tokenizer(path: Any, trust_remote_code: bool) -> Any:
        AutoTokenizer = require("transformers", needed_by="lmeval-onnx, to read the export's "
                                "tokenizer,").AutoTokenizer
        try:
            return AutoTokenizer.from_pretrained(str(path), trust_remote_code=trust_remote_code)
        except (OSError, ValueError) as exc:
            raise UsageError(
                f"cannot load the tokenizer from {path}: {exc}. Model Builder copies the HF "
                "tokenizer next to the graph; else pass tokenizer=<directory of the source "
                "model>") from None

    # -- identity -------------------------------------------------------------------------
    def identity_extras(self) -> Mapping[str, Any]:
        """The graph and providers found, the context length read from the export, and the
        export's files (sizes, mtimes)."""
        return {
            "engine": self.engine_name,
            "graph": str(self.export.explicit_graph or self.export.directory),
            "providers": list(self.engine.providers),
            "max_length": self.max_length,
            "files": local_files(self.export.directory),
        }

    # -- loglikelihood --------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        pairs = [self.tok.pair(self.context_text(r.context), r.continuation) for r in requests]
        return self.score_tokens(pairs, self.report_answers)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        out = []
        for i, r in enumerate(requests):
            windows = loglikelihood_windows(self.tok.encode(r.text), self.tok.prefix_token_id,
                                            self.max_length)
            out.append(float(sum(ll for ll, _ in self.score_tokens(windows))))
            self.report_answers({i: out[-1]})
        return out

    def score_tokens(self, pairs: Sequence[tuple[Sequence[int], Sequence[int]]],
                     on_answers: Callable[[dict[int, tuple[float, bool]]], None] | None = None
                     ) -> list[tuple[float, bool]]:
        """``(logprob, is_greedy)`` of each continuation given its context, HFLM's truncation.

        The model sees ``(context + continuation)[-(max_length + 1):][:-1]``; the last
        ``len(continuation)`` positions score the continuation. Continuations of one context
        are scored on that context's KV cache (``prefix_reuse``), and requests with the same
        input tokens share a forward pass; both give the numbers of separate passes. The
        answers of each pass go to ``on_answers`` as soon as it is done.
        """
        def report(indices: Sequence[int]) -> None:
            if on_answers is not None and indices:
                on_answers({i: results[i] for i in indices})  # type: ignore[misc]

        results: list[tuple[float, bool] | None] = [None] * len(pairs)
        by_context: dict[tuple[int, ...], list[int]] = {}
        by_input: dict[tuple[int, ...], list[int]] = {}
        empty: list[int] = []
        for i, (ctx, cont) in enumerate(pairs):
            ctx = list(ctx) or [self.tok.prefix_token_id]
            if not cont:
                results[i] = (0.0, True)
                empty.append(i)
                continue
            if len(cont) > self.max_length:
                log.warning("lmeval-onnx: a continuation of %d tokens exceeds max_length=%d; "
                            "only its last %d tokens are scored", len(cont), self.max_length,
                            self.max_length)
            whole = [*ctx, *cont]
            if self.prefix_reuse and len(whole) <= self.max_length + 1:
                by_context.setdefault(tuple(ctx), []).append(i)
            else:
                by_input.setdefault(tuple(whole[-(self.max_length + 1):-1]), []).append(i)
        report(empty)
        for ctx, members in by_context.items():
            if len(members) == 1:
                (i,) = members
                by_input.setdefault(tuple([*ctx, *pairs[i][1]][:-1]), []).append(i)
                continue
            conts = [list(pairs[i][1]) for i in members]
            prefix = self.engine.prefix(list(ctx), max(len(c) for c in conts) - 1)
            self.tokens_fed += len(ctx)
            for i, cont in zip(members, conts, strict=True):
                rows = prefix.last_logits[None, :]
                if len(cont) > 1:
                    rows = np.concatenate([rows, prefix.extend(cont[:-1])])
                    self.tokens_fed += len(cont) - 1
                results[i] = logits_lib.gather(rows, cont)
            report(members)
        for inp, members in by_input.items():
            logits = self.engine.logits(list(inp))
            self.tokens_fed += len(inp)
            for i in members:
                cont = list(pairs[i][1])[-len(inp):]
                results[i] = logits_lib.gather(logits[len(inp) - len(cont):], cont)
            report(members)
        return results  # type: ignore[return-value]

    # -- generation -----------------------------------------------------------------------
    @property
    def max_gen_toks(self) -> int:
        return self._max_gen_toks

    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        out = []
        for i, r in enumerate(requests):
            out.append(self._generate_one(r))
            self.report_answers({i: out[-1]})
        return out

    def _generate_one(self, request: GenerateRequest) -> str:
        kwargs = dict(request.generation_kwargs())
        max_gen_toks = pop_max_gen_toks(kwargs, self._max_gen_toks)
        ignored = set(kwargs) - _SAMPLING_KWARGS
        if ignored:
            log.warning("lmeval-onnx: generation kwargs not supported, ignored: %s",
                        ", ".join(sorted(ignored)))
        temperature = float(kwargs.get("temperature", 0.0) or 0.0)
        do_sample = kwargs.get("do_sample")
        do_sample = temperature > 0.0 if do_sample is None else bool(do_sample)

        eos_text = self.tok.decode([self.tok.eot_token_id], skip_special_tokens=False)
        until = stop_sequences(list(request.until), eos_text)
        max_ctx = prompt_budget(self.max_length, max_gen_toks)
        prompt = self.tok.encode_prompt(self.context_text(request.context))
        if len(prompt) > max_ctx:
            log.warning("lmeval-onnx: prompt of %d tokens left-truncated to %d", len(prompt),
                        max_ctx)
            prompt = prompt[-max_ctx:]
        total = int(kwargs.get("max_length") or len(prompt) + max_gen_toks)
        tokens = self.generate_tokens(prompt, total - len(prompt), until, do_sample=do_sample,
                                      temperature=temperature, top_p=kwargs.get("top_p"),
                                      top_k=kwargs.get("top_k"))
        return decode_generation(tokens, self.tok.decode, until, self.think_end_token)

    def generate_tokens(self, prompt: Sequence[int], max_new_tokens: int,
                        until: Sequence[str] = (), *, do_sample: bool = False,
                        temperature: float = 0.0, top_p: Any = None, top_k: Any = None
                        ) -> list[int]:
        """New token ids after ``prompt``: up to an EOS id (included), a stop string (checked
        as HF's stopping criteria, over the last tokens) or ``max_new_tokens``."""
        prompt = list(prompt)
        total = min(len(prompt) + max(int(max_new_tokens), 0), self.max_length)
        if total <= len(prompt):
            return []
        return logits_lib.decode(
            self.engine.start(prompt, total), total - len(prompt),
            eos_ids={self.tok.eot_token_id, *self.export.eos_token_ids} - {None}, until=until,
            encode=lambda s: self.tokenizer.encode(s, add_special_tokens=False),
            decode_text=lambda ids: self.tok.decode(ids, skip_special_tokens=False),
            pick=(lambda logits: logits_lib.sample(logits, self._rng, temperature, top_p, top_k))
            if do_sample else None)
