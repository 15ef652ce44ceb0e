"""The ``sglang`` backend: SGLang's offline engine, with lm-eval's (HF) token contract.

Requests are tokenized here, exactly as the ``hf`` backend does (the core's
:mod:`lmeval.backend.encoding` and :mod:`lmeval.backend.rolling`: pair split, empty context -> prefix token,
rolling windows), and sent to
``sglang.Engine.generate`` as token ids:

* loglikelihood: one prefill per request with ``return_logprob=True,
  logprob_start_len=0, top_logprobs_num=1``; the continuation's log-probability is the sum of
  its ``input_token_logprobs``; ``is_greedy`` says each continuation token is the top-1 of
  ``input_top_logprobs`` at its position. The engine must take every scored token as input,
  so an input longer than ``max_length`` keeps its last ``max_length`` tokens and rolling
  windows hold ``max_length - 1`` predicted tokens (as lm-eval's sglang does): where
  truncation or windows matter, ``max_model_len=L`` scores like ``hf`` with
  ``max_length=L-1``; everywhere else the two are identical.
* generate_until: ``max_new_tokens``, ``stop`` (the ``until`` strings and EOS), greedy
  (``temperature=0``) unless sampling is asked for; the text is cut at its first stop string
  and a ``think_end_token`` drops the reasoning before it.

``batch_size=auto`` hands every request of a call to the engine at once (continuous
batching); ``batch_size=N`` sends them N at a time.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval.backend.batch_size import parse_batch_size
from lmeval.backend.encoding import TokenEncoder
from lmeval.backend.generation import (
    normalize_gen_kwargs,
    parse_think_end_token,
    postprocess_generation,
    prompt_budget,
    stop_sequences,
)
from lmeval.backend.rolling import loglikelihood_windows, score_rolling
from lmeval.errors import UsageError
from lmeval.protocol import LM, GenerateRequest, LoglikelihoodRequest, RequestKind, RollingRequest
from lmeval.requires import require
from lmeval.run.identity import local_files

log = logging.getLogger("lmeval.sglang")

DEFAULT_MAX_LENGTH = 2048
#: generation kwargs SGLang's ``SamplingParams`` accepts besides those set here.
SAMPLING_KEYS = frozenset({"top_p", "top_k", "min_p", "frequency_penalty", "presence_penalty",
                           "repetition_penalty", "min_new_tokens", "ignore_eos", "n",
                           "spaces_between_special_tokens", "no_stop_trim", "seed",
                           "skip_special_tokens", "stop_token_ids", "regex", "json_schema"})


def make_engine(**engine_args: Any) -> Any:
    """``sglang.Engine(**engine_args)``; the one place SGLang is imported."""
    sglang = require("sglang", needed_by="the sglang backend", library="SGLang", install="sglang",
                     note="(it brings its own CUDA build of torch; see "
                          "https://docs.sglang.ai/start/install.html)")
    return sglang.Engine(**engine_args)


class SGLangLM(LM):
    """A model served by an in-process ``sglang.Engine``.

    Model arguments follow lm-eval's ``sglang``: ``pretrained``, ``dp_size``, ``tp_size``,
    ``dtype``, ``mem_fraction_static``, ``max_model_len``/``context_length``,
    ``tokenizer_path``, ``kv_cache_dtype``, ``chunked_prefill_size``, ``max_gen_toks``,
    ``add_bos_token``, ``prefix_token_id``, ``think_end_token``; anything else goes to
    ``sglang.Engine`` as a server argument (``quantization=fp8``, ...).
    """

    supported_kinds = frozenset(RequestKind)
    backend_name = "sglang"
    chunk_size = 16384
    #: Data parallelism and memory/prefill sizing: a run resumes with other values.
    cache_neutral_args = frozenset({"dp_size", "mem_fraction_static", "chunked_prefill_size"})

    @staticmethod
    def extra_model_args(args: Mapping[str, Any]) -> frozenset[str] | None:
        """SGLang's server arguments (``ServerArgs`` fields) for the core's check; None (no
        check) where sglang is not importable — the constructor then says to install it."""
        import dataclasses

        try:
            from sglang.srt.server_args import ServerArgs
        except ImportError:
            return None
        return frozenset(f.name for f in dataclasses.fields(ServerArgs))

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """SGLang sampling parameters taken beyond the core's generation keys."""
        return SAMPLING_KEYS | {"max_length"}

    def __init__(
        self,
        pretrained: str | None = None,
        batch_size: int | str | None = 1,
        max_batch_size: int | None = None,
        max_model_len: int | None = None,
        max_gen_toks: int = 256,
        add_bos_token: bool | None = None,
        tokenizer_path: str | None = None,
        tokenizer_mode: str = "auto",
        load_format: str = "auto",
        trust_remote_code: bool = True,
        dtype: str = "auto",
        kv_cache_dtype: str = "auto",
        context_length: int | None = None,
        device: str | None = "cuda",
        chunked_prefill_size: int | None = -1,
        mem_fraction_static: float | None = None,
        dp_size: int = 1,
        tp_size: int = 1,
        prefix_token_id: int | None = None,
        think_end_token: str | int | None = None,
        **engine_kwargs: Any,
    ) -> None:
        super().__init__()
        if not pretrained:
            raise UsageError("sglang needs pretrained=<model path or hub id>")
        if device is not None and not str(device).startswith("cuda"):
            raise UsageError(f"sglang runs on CUDA GPUs only (device={device!r}); use "
                             "--model hf for CPU runs")
        if context_length is not None and max_model_len is not None:
            raise UsageError("sglang: give max_model_len or context_length, not both")
        for name, value in (("tp_size", tp_size), ("dp_size", dp_size)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise UsageError(f"sglang: {name} must be a positive integer, got {value!r}")
        if mem_fraction_static is not None and not 0 < float(mem_fraction_static) < 1:
            raise UsageError(f"sglang: mem_fraction_static must be in (0, 1), got "
                             f"{mem_fraction_static!r}")
        self.spec = parse_batch_size(batch_size)
        self._max_gen_toks = int(max_gen_toks)
        self._max_length = max_model_len or context_length
        self.think_end_token = think_end_token
        if dp_size > 1:
            log.warning("sglang: dp_size=%d runs %d engine replicas inside SGLang", dp_size, dp_size)
        engine_args = {
            "model_path": pretrained, "tokenizer_path": tokenizer_path,
            "tokenizer_mode": tokenizer_mode, "load_format": load_format,
            "trust_remote_code": trust_remote_code, "dtype": dtype,
            "kv_cache_dtype": kv_cache_dtype, "device": device or "cuda",
            "mem_fraction_static": mem_fraction_static, "tp_size": tp_size,
            "dp_size": dp_size, "chunked_prefill_size": chunked_prefill_size,
            "context_length": context_length or max_model_len,
            **engine_kwargs,
        }
        self.engine_args = {k: v for k, v in engine_args.items() if v is not None}
        self._pretrained_path = pretrained
        self._files: dict[str, Any] | None = None
        self.engine = make_engine(**self.engine_args)
        manager = getattr(self.engine, "tokenizer_manager", None)
        self.tokenizer = getattr(manager, "tokenizer", None)
        if self.tokenizer is None:
            raise UsageError("sglang: the engine exposes no tokenizer (tokenizer_manager."
                             "tokenizer); skip_tokenizer_init is not supported")
        self.encoder = TokenEncoder(self.tokenizer, add_bos_token=add_bos_token,
                                    prefix_token_id=prefix_token_id)
        think = parse_think_end_token(think_end_token)
        if isinstance(think, int):  # a token id: its text is what the output is cut at
            self.think_end_token = self.tokenizer.decode([think])

    # ------------------------------------------------------------------ properties
    @property
    def max_length(self) -> int:
        if self._max_length:
            return int(self._max_length)
        context = getattr(getattr(self.engine, "tokenizer_manager", None), "context_len", None)
        return int(context) if context else DEFAULT_MAX_LENGTH

    @property
    def max_gen_toks(self) -> int:
        return self._max_gen_toks

    @property
    def tokenizer_name(self) -> str:
        return str(getattr(self.tokenizer, "name_or_path", "")).replace("/", "__")

    @property
    def chat_template(self) -> str | None:
        template = getattr(self.tokenizer, "chat_template", None)
        return template.get("default") if isinstance(template, dict) else template

    def identity_extras(self) -> Mapping[str, Any]:
        """A local checkpoint's files (sizes, content digests), read on first use."""
        if self._files is None:
            self._files = {"files": local_files(self._pretrained_path)
                           if os.path.exists(self._pretrained_path) else None}
        return self._files

    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        return self.tokenizer.apply_chat_template(
            [dict(m) for m in messages], tokenize=False,
            add_generation_prompt=add_generation_prompt,
            continue_final_message=not add_generation_prompt)

    def _text(self, context: Any) -> str:
        return context if isinstance(context, str) else self.apply_chat_template(list(context))

    def _batches(self, n: int) -> list[tuple[int, int]]:
        size = n if self.spec.auto else int(self.spec.fixed or 1)
        return [(lo, min(n, lo + size)) for lo in range(0, n, max(1, size))]

    def close(self) -> None:
        """Stop the engine's worker processes (the core calls it after the last request)."""
        stop = getattr(self.engine, "shutdown", None)
        if stop is not None:
            stop()

    # ------------------------------------------------------------------ scoring
    def _score(self, pairs: Sequence[tuple[list[int], list[int]]],
               on_answers: Callable[[dict[int, tuple[float, bool]]], None] | None = None
               ) -> list[tuple[float, bool]]:
        """``(logprob, is_greedy)`` per pair; each engine call's answers go to ``on_answers``."""
        results: list[tuple[float, bool] | None] = [None] * len(pairs)
        todo = []
        empty = []
        for i, (ctx, cont) in enumerate(pairs):
            if not cont:
                results[i] = (0.0, True)
                empty.append(i)
                continue
            if len(cont) >= self.max_length:
                raise ValueError(f"a continuation of {len(cont)} tokens does not fit "
                                 f"max_length={self.max_length} with its context")
            whole = ctx + cont
            inp = whole[-self.max_length:]
            todo.append((i, inp, len(inp) - len(cont)))
        # longest first: the engine meets its biggest prefills (and any OOM) early
        todo.sort(key=lambda t: (-len(t[1]), t[1]))
        if on_answers is not None and empty:
            on_answers({i: results[i] for i in empty})  # type: ignore[misc]
        for lo, hi in self._batches(len(todo)):
            part = todo[lo:hi]
            outputs = self.engine.generate(
                input_ids=[inp for _, inp, _ in part],
                sampling_params=[{"temperature": 0.0, "max_new_tokens": 1} for _ in part],
                return_logprob=True, logprob_start_len=0, top_logprobs_num=1)
            if isinstance(outputs, dict):
                outputs = [outputs]
            for (i, inp, ctxlen), out in zip(part, outputs, strict=True):
                results[i] = parse_prompt_logprobs(out, inp, ctxlen)
            if on_answers is not None:
                on_answers({i: results[i] for i, _, _ in part})  # type: ignore[misc]
        return results  # type: ignore[return-value]

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        return self._score([self.encoder.pair(self._text(r.context), r.continuation)
                            for r in requests], self.report_answers)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        # the engine takes the last scored token as input too: windows of max_length - 1
        windows = [loglikelihood_windows(self.encoder.encode(r.text),
                                         self.encoder.prefix_token_id, self.max_length - 1)
                   for r in requests]
        return score_rolling(self._score, windows, self.report_answers)

    # ------------------------------------------------------------------ generation
    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        results: list[str | None] = [None] * len(requests)
        groups: dict[tuple, list[int]] = {}
        for i, r in enumerate(requests):
            groups.setdefault((r.until, r.gen_kwargs), []).append(i)
        eos_id = self.encoder.eot_token_id
        eos = self.tokenizer.decode([eos_id], skip_special_tokens=False) \
            if eos_id is not None else None
        for indices in groups.values():
            first = requests[indices[0]]
            kwargs = normalize_gen_kwargs({"until": list(first.until),
                                           **first.generation_kwargs()}, self.max_gen_toks)
            until = stop_sequences(kwargs.pop("until", None), eos=eos)
            new_tokens = int(kwargs.pop("max_gen_toks"))
            room = prompt_budget(self.max_length, new_tokens)
            params = sampling_params(kwargs, new_tokens, until)
            texts = {i: self._text(requests[i].context) for i in indices}
            ids = {i: self.encoder.encode_prompt(texts[i], texts[indices[0]])[-room:]
                   for i in indices}
            order = sorted(indices, key=lambda i: (-len(ids[i]), texts[i]))
            for lo, hi in self._batches(len(order)):
                part = order[lo:hi]
                outputs = self.engine.generate(input_ids=[ids[i] for i in part],
                                               sampling_params=[dict(params) for _ in part])
                if isinstance(outputs, dict):
                    outputs = [outputs]
                for i, out in zip(part, outputs, strict=True):
                    results[i] = traced_answer(out, until, self.think_end_token, new_tokens)
                self.report_answers({i: results[i] for i in part})
        return results  # type: ignore[return-value]


def traced_answer(out: Mapping[str, Any], until: Sequence[str], think_end_token: str | None,
                  max_new_tokens: int) -> str:
    """One output of ``Engine.generate`` to the task's answer; with ``think_end_token``, traced
    (:mod:`lmeval.backend.reasoning`) from its ``meta_info``: ``finish_reason.type == "length"`` is the
    budget spent, ``completion_tokens`` the tokens generated (unknown when absent)."""
    raw = out.get("text", "") or ""
    answer = postprocess_generation(raw, until, think_end_token)
    if not think_end_token:
        return answer
    from lmeval.backend.reasoning import traced

    meta = out.get("meta_info") if isinstance(out.get("meta_info"), Mapping) else {}
    finish = meta.get("finish_reason")
    kind = finish.get("type") if isinstance(finish, Mapping) else finish
    used = meta.get("completion_tokens")
    return traced(answer, thinking_closed=think_end_token in raw,
                  tokens=used if isinstance(used, int) and not isinstance(used, bool) else None,
                  max_gen_toks=max_new_tokens,
                  hit_limit=None if not isinstance(kind, str) else kind == "length")


def sampling_params(kwargs: Mapping[str, Any], max_new_tokens: int,
                    stop: Sequence[str]) -> dict[str, Any]:
    """SGLang ``SamplingParams`` of normalized generation kwargs (greedy unless sampling)."""
    sample = bool(kwargs.get("do_sample")) and float(kwargs.get("temperature") or 0.0) > 0
    params: dict[str, Any] = {
        "max_new_tokens": int(max_new_tokens),
        "stop": [s for s in stop if s],
        "temperature": float(kwargs.get("temperature") or 0.0) if sample else 0.0,
        "skip_special_tokens": True,
    }
    for key, value in kwargs.items():
        if key in SAMPLING_KEYS:
            params[key] = value
        elif key not in ("do_sample", "temperature", "max_length"):
            log.warning("sglang: generation argument %r is not a SGLang sampling parameter; "
                        "ignored", key)
    return params


def parse_prompt_logprobs(output: Mapping[str, Any], tokens: Sequence[int],
                          ctxlen: int) -> tuple[float, bool]:
    """``(logprob, is_greedy)`` of ``tokens[ctxlen:]`` from an engine output's prompt logprobs.

    ``meta_info.input_token_logprobs[i]`` is ``(logprob, token_id, text)`` of input token
    ``i`` given the ones before it (``None`` logprob for token 0);
    ``meta_info.input_top_logprobs[i]`` lists the top tokens at that position.
    """
    meta = output["meta_info"]
    token_lps = meta["input_token_logprobs"]
    top_lps = meta.get("input_top_logprobs") or [None] * len(token_lps)
    if len(token_lps) != len(tokens):
        raise RuntimeError(f"sglang returned {len(token_lps)} prompt logprobs for "
                           f"{len(tokens)} input tokens")
    total = 0.0
    greedy = True
    for pos in range(ctxlen, len(tokens)):
        lp, tok, _ = token_lps[pos][:3]
        if lp is None:
            raise RuntimeError("sglang returned no logprob for a continuation token")
        if tok is not None and int(tok) != int(tokens[pos]):
            raise RuntimeError(f"sglang scored token {tok} where the input has {tokens[pos]}")
        total += float(lp)
        top = top_lps[pos]
        if greedy and top:
            best = max(top, key=lambda t: t[0])
            greedy = int(best[1]) == int(tokens[pos])
    return total, greedy
