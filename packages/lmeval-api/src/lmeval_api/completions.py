"""``local-completions`` and ``openai-completions``: the OpenAI Completions API.

Loglikelihood and rolling loglikelihood come from prompt logprobs (``echo`` + ``logprobs``,
one generated token): the prompt is tokenized here (see :mod:`lmeval_api.tokens`), sent as
token ids by default (``tokenized_requests=True``), and the continuation's log-probability is
the sum over the prompt positions after the context.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lmeval.backend.encoding import fit_window
from lmeval.backend.generation import cut_at_stop, prompt_budget, request_fields, stop_sequences
from lmeval.backend.rolling import loglikelihood_windows
from lmeval.errors import UsageError
from lmeval.protocol import (
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
)

from lmeval_api.base import ApiLM, Job, OnAnswer, excerpt
from lmeval_api.tokens import Encoder, load_encoder
from lmeval_api.transport import MalformedResponse, check_logprob, greedy_from_top

log = logging.getLogger("lmeval.api")


def api_stops(until: Sequence[str], eos: str | None) -> list[str]:
    """The request's stop strings and EOS (:func:`lmeval.backend.generation.stop_sequences`), without
    empty ones: a server takes them as they are."""
    return [s for s in stop_sequences(list(until), eos or None) if s]


class CompletionsLM(ApiLM):
    """Any server mirroring OpenAI's ``/v1/completions`` (vLLM, SGLang, TGI, llama.cpp ...)."""

    kind_name = "local-completions"
    key_env = "OPENAI_API_KEY"
    #: The most stop strings the server accepts (the rest are applied client-side).
    max_stop: int | None = None

    def __init__(self, *, tokenizer: str | None = None, tokenizer_backend: str | None = "huggingface",
                 tokenized_requests: bool = True, max_length: int = 2048,
                 add_bos_token: bool | None = None, custom_prefix_token_id: int | None = None,
                 trust_remote_code: bool = False, revision: str | None = None,
                 use_fast_tokenizer: bool = True, logprobs: int = 1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tokenizer_backend = None if tokenizer_backend in (None, "", "none", "None") \
            else str(tokenizer_backend)
        self.encoder: Encoder | None = load_encoder(
            self.tokenizer_backend, tokenizer, model=self.model, add_bos_token=add_bos_token,
            prefix_token_id=custom_prefix_token_id, trust_remote_code=trust_remote_code,
            revision=revision, use_fast=use_fast_tokenizer)
        self.tokenized_requests = bool(tokenized_requests) and self.encoder is not None
        self.add_bos_token = add_bos_token
        # one position is always left for the generated token of an echo request
        self.max_length = int(max_length) - 1
        self.n_logprobs = max(1, int(logprobs))
        if self.eos_string is None and self.encoder is not None:
            self.eos_string = self.encoder.eos_text
        if self.encoder is None:
            self.supported_kinds = frozenset({RequestKind.GENERATE_UNTIL})  # type: ignore[misc]

    def _unsupported(self, kind: RequestKind) -> str:
        if self.encoder is None:
            return (f"{self.kind_name}: {kind.value} needs a tokenizer to find where the context "
                    "ends: pass tokenizer_backend=huggingface,tokenizer=<name or path>")
        return (f"{self.kind_name}: {kind.value} needs prompt logprobs, which OpenAI returns "
                "only for davinci-002 and babbage-002")

    def model_info(self) -> dict[str, Any]:
        """lm-eval 0.4.13's tokenizer fields (a Hugging Face tokenizer's special tokens,
        ``eot_token_id``) and ``max_length`` (lm-eval's too: one less than given, a position kept
        for the echoed token); an API reports no weights' facts."""
        info: dict[str, Any] = {"max_length": self.max_length}
        tok = self.encoder.tokenizer if self.encoder is not None else None
        if self.encoder is not None and self.encoder.kind == "huggingface":
            for name in ("pad", "eos", "bos"):
                info[f"tokenizer_{name}_token"] = [getattr(tok, f"{name}_token", None),
                                                   str(getattr(tok, f"{name}_token_id", None))]
            info["eot_token_id"] = getattr(tok, "eos_token_id", None)
        return info

    def identity_extras(self) -> dict[str, Any]:
        """The tokenizer used and the BOS/EOS id it gives (read from its files)."""
        return {"tokenizer": self.encoder.name if self.encoder else None,
                "prefix_token_id": self.encoder.prefix_token_id if self.encoder else None}

    # -- chat templates (rendered here: the completions API takes a string) --------------
    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        if self.encoder is None:
            raise UsageError("--apply_chat_template with a completions API needs a tokenizer "
                             "(tokenizer_backend=huggingface,tokenizer=...)")
        return self.encoder.apply_chat_template(messages, add_generation_prompt)

    @property
    def chat_template(self) -> str | None:
        return self.encoder.chat_template if self.encoder else None

    @property
    def tokenizer_name(self) -> str:
        return self.encoder.name.replace("/", "__") if self.encoder else ""

    # -- loglikelihood -------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        encoder = self._need_encoder()
        pairs = []
        for req in requests:
            if not isinstance(req.context, str):
                raise UsageError("loglikelihood over a completions API needs string contexts")
            pairs.append(encoder.encode_pair(req.context, req.continuation))

        def label(i: int) -> str:
            return (f"request {i}: context {excerpt(requests[i].context)} + continuation "
                    f"{excerpt(requests[i].continuation)}")

        return self._score(pairs, self.report_one, "loglikelihood request", label)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        on_answer = self.report_one
        encoder = self._need_encoder()
        windows: list[tuple[list[int], list[int]]] = []
        owner: list[int] = []
        for i, req in enumerate(requests):
            for window in loglikelihood_windows(encoder.encode(req.text), encoder.prefix_token_id,
                                                self.max_length - 1):
                windows.append(window)
                owner.append(i)
        remaining = [0] * len(requests)
        for i in owner:
            remaining[i] += 1
        totals = [0.0] * len(requests)
        if on_answer is not None:
            for i, n in enumerate(remaining):
                if n == 0:  # empty text: nothing to score
                    on_answer(i, 0.0)

        def window_done(index: int, answer: tuple[float, bool]) -> None:
            req = owner[index]
            totals[req] += answer[0]
            remaining[req] -= 1
            if remaining[req] == 0 and on_answer is not None:
                on_answer(req, totals[req])

        def label(i: int) -> str:
            return f"request {owner[i]}: text {excerpt(requests[owner[i]].text)}"

        self._score(windows, window_done, "loglikelihood_rolling request", label)
        return totals

    def _need_encoder(self) -> Encoder:
        if self.encoder is None:
            raise UsageError("loglikelihood requests need a tokenizer to find where the context "
                             "ends: pass tokenizer_backend=huggingface,tokenizer=<name or path>")
        return self.encoder

    def _score(self, pairs: Sequence[tuple[list[int], list[int]]], on_answer: OnAnswer | None,
               what: str, label: Callable[[int], str] | None = None) -> list[tuple[float, bool]]:
        encoder = self._need_encoder()
        items = []
        for i, (ctx, cont) in enumerate(pairs):
            prompt, ctxlen = fit_window(ctx, cont, self.max_length)
            if len(prompt) < len(ctx) + len(cont):
                log.warning("context + continuation longer than max_length=%d: context cut on "
                            "the left", self.max_length + 1)
            items.append((i, prompt, ctxlen))
        # longest first, as lm-eval batches them
        items.sort(key=lambda it: (-len(it[1]), it[1]))
        jobs = []
        for start in range(0, len(items), self.batch_size):
            batch = items[start:start + self.batch_size]
            prompts: list[Any] = [p for _, p, _ in batch]
            if not self.tokenized_requests:
                prompts = [encoder.decode(p) for p in prompts]
            payload = {"model": self.model,
                       "prompt": prompts[0] if len(prompts) == 1 else prompts,
                       "temperature": 0, "max_tokens": 1, "logprobs": self.n_logprobs,
                       "echo": True}
            if self.seed is not None:
                payload["seed"] = self.seed
            spans = [(ctxlen, p if self.tokenized_requests else None) for _, p, ctxlen in batch]
            indices = [i for i, _, _ in batch]
            jobs.append(Job(payload, indices,
                            lambda body, spans=spans: parse_echo_logprobs(body, spans),
                            None if label is None else
                            lambda indices=indices: "; ".join(label(i) for i in indices[:2])
                            + (f" and {len(indices) - 2} more" if len(indices) > 2 else "")))
        return self.run_jobs(jobs, len(pairs), on_answer, what)

    # -- generation ----------------------------------------------------------------------
    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        jobs = []
        # group by generation kwargs (one payload shape per batch), keep contexts together
        groups: dict[Any, list[int]] = {}
        for i, req in enumerate(requests):
            groups.setdefault((req.until, req.gen_kwargs), []).append(i)
        for indices in groups.values():
            first = requests[indices[0]]
            params, max_new = request_fields(first.generation_kwargs(), self.max_gen_toks)
            stops = api_stops(first.until, self.eos_string)
            prompts = [self._generation_prompt(requests[i].context, max_new) for i in indices]
            for start in range(0, len(indices), self.batch_size):
                part = prompts[start:start + self.batch_size]
                payload = {"model": self.model, "prompt": part[0] if len(part) == 1 else part,
                           "max_tokens": max_new, **params}
                server_stops = stops if self.max_stop is None else stops[:self.max_stop]
                if server_stops:
                    payload["stop"] = server_stops
                if self.seed is not None:
                    payload.setdefault("seed", self.seed)
                part_ids = indices[start:start + self.batch_size]
                jobs.append(Job(payload, part_ids,
                                lambda body, stops=stops: [cut_at_stop(t, stops) for t in
                                                           parse_completion_texts(body)],
                                lambda i=part_ids[0]: f"request {i}: context "
                                                      f"{excerpt(requests[i].context)}"))
        return self.run_jobs(jobs, len(requests), self.report_one, "generate_until request")

    def _generation_prompt(self, context: Any, max_new: int) -> Any:
        if not isinstance(context, str):
            raise UsageError("a completions API takes string prompts; use a chat model type "
                             "(local-chat-completions) for chat messages")
        if not self.tokenized_requests or self.encoder is None:
            return context
        ids = self.encoder.encode(context)
        # self.max_length keeps one position for an echo request's generated token (__init__)
        room = prompt_budget(self.max_length + 1, max_new, reserved=1)
        if len(ids) > room:
            log.warning("prompt of %d tokens cut on the left to fit max_length - max_gen_toks",
                        len(ids))
            ids = ids[-room:]
        return ids


def _choices(body: Any, expected: int) -> list[dict[str, Any]]:
    choices = body["choices"]
    if not isinstance(choices, list) or len(choices) != expected:
        raise MalformedResponse(f"expected {expected} choices, got "
                                f"{len(choices) if isinstance(choices, list) else type(choices).__name__}")
    ordered = sorted(choices, key=lambda c: c.get("index", 0))
    if [c.get("index", i) for i, c in enumerate(ordered)] != list(range(expected)):
        raise MalformedResponse("choice indices are not 0..n-1")
    return ordered


def parse_echo_logprobs(body: Any, spans: Sequence[tuple[int, Sequence[int] | None]]
                        ) -> list[tuple[float, bool]]:
    """(sum of continuation logprobs, is_greedy) per prompt of an ``echo`` completions answer.

    ``spans`` holds, per prompt, the number of context tokens and the prompt's token ids
    (``None`` when the prompt was sent as text: then all positions but the generated one
    count). Greediness compares each token's logprob with the best alternative's, as lm-eval
    does, or reads the rank when the server reports it (vLLM's ``prompt_logprobs``).
    """
    out = []
    for choice, (ctxlen, ids) in zip(_choices(body, len(spans)), spans, strict=True):
        lp = choice["logprobs"]
        token_logprobs = lp["token_logprobs"]
        if ids is not None and len(token_logprobs) < len(ids):
            raise MalformedResponse(f"{len(token_logprobs)} prompt logprobs for a prompt of "
                                    f"{len(ids)} tokens (does the server support echo?)")
        end = len(ids) if ids is not None else len(token_logprobs) - 1
        if end <= ctxlen:
            raise MalformedResponse("no continuation positions in the echoed prompt")
        values = token_logprobs[ctxlen:end]
        if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in values):
            raise MalformedResponse("missing or invalid prompt logprobs")
        for pos in range(ctxlen, end):
            check_logprob(token_logprobs[pos], f"token_logprobs[{pos}]")
        ranked = choice.get("prompt_logprobs")
        if ids is not None and isinstance(ranked, list) and len(ranked) >= end:
            greedy = all(ranked[i][str(ids[i])]["rank"] == 1 for i in range(ctxlen, end))
        else:
            greedy = greedy_from_top(lp.get("top_logprobs"), token_logprobs, ctxlen, end)
        out.append((float(sum(values)), greedy))
    return out


def parse_completion_texts(body: Any) -> list[str]:
    choices = body["choices"]
    if not isinstance(choices, list) or not choices:
        raise MalformedResponse("no choices")
    texts = []
    for choice in _choices(body, len(choices)):
        text = choice["text"]
        if not isinstance(text, str):
            raise MalformedResponse("choice without text")
        texts.append(text)
    return texts


class LocalCompletionsLM(CompletionsLM):
    """``local-completions``: a self-hosted server; the key (if any) from ``OPENAI_API_KEY``."""


class OpenAICompletionsLM(CompletionsLM):
    """``openai-completions``: OpenAI's own API (``davinci-002``/``babbage-002`` for logprobs)."""

    kind_name = "openai-completions"
    key_required = True
    default_base_url = "https://api.openai.com/v1/completions"
    max_stop = 4

    def __init__(self, *, tokenizer_backend: str | None = "tiktoken", **kwargs: Any) -> None:
        super().__init__(tokenizer_backend=tokenizer_backend, **kwargs)
        if self.encoder is not None and not re.match(r"^(babbage|davinci)-002$", self.model or ""):
            # OpenAI returns prompt logprobs for these two models only
            self.supported_kinds = frozenset({RequestKind.GENERATE_UNTIL})  # type: ignore[misc]
