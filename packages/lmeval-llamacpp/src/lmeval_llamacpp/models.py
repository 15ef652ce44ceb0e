"""``gguf`` (alias ``ggml``): a model served by llama.cpp, reached over HTTP at ``base_url``.

Loglikelihood is exact teacher forcing, not a grammar:

1. context and continuation are tokenized by the server, under lmeval-hf's contract (encode
   context + continuation whole, split at the length of the encoded context; an empty context
   becomes BOS, else EOS);
2. each continuation token is scored by a one-token completion whose prompt is its natural
   prefix as token ids, with a ``logit_bias`` that makes the server sample exactly that token;
   llama-server reports the token's log-probability before sampling (bias excluded) and the
   unbiased top alternatives, which decide ``is_greedy``;
3. the requests of one context (the choices of a question) are pinned to one slot with
   ``id_slot``, so the server reuses that slot's cached prefix; generation is not pinned.

A GBNF grammar forcing the continuation would let the sampler pick a different tokenization of
the same text and deflate scores; it is not used. llama-cpp-python's server takes no token-id
prompts, but returns prompt logprobs with ``echo``: there the whole (context + continuation)
string is scored in one request (see :mod:`lmeval_llamacpp.server` for the differences).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lmeval.backend.generation import cut_at_stop, prompt_budget, request_fields, truncate_prompt
from lmeval.errors import UsageError
from lmeval.protocol import (
    LM,
    GenerateRequest,
    LoglikelihoodRequest,
    RequestKind,
    RollingRequest,
    UnsupportedRequestError,
)
from lmeval_api.transport import (
    HttpClient,
    ImpossibleAnswer,
    MalformedResponse,
    RetryPolicy,
    check_logprob,
    greedy_from_top,
    positive_timeout,
    run_async,
    safe_url,
)

from lmeval_llamacpp.server import (
    LLAMA_CPP_PYTHON,
    LLAMA_SERVER,
    ServerClient,
    ServerInfo,
    root_url,
)

log = logging.getLogger("lmeval.gguf")

OnAnswer = Any


@dataclass
class _Position:
    """One teacher-forced token: its prefix (token ids), the token, and who needs it."""

    prefix: list[int]
    token: int
    owners: list[int] = field(default_factory=list)
    logprob: float = 0.0
    greedy: bool = True


class GGUFLM(LM):
    """A llama.cpp server: loglikelihood by teacher forcing, greedy generation."""

    supported_kinds = frozenset({RequestKind.LOGLIKELIHOOD, RequestKind.GENERATE_UNTIL})

    #: Concurrency and retry pacing; ``batch_size``/``dtype``/``truncate`` mean nothing to a server.
    cache_neutral_args = frozenset({"parallel", "max_retries", "timeout", "backoff_base",
                                    "backoff_max", "dtype", "truncate"})

    @staticmethod
    def extra_generation_kwargs() -> None:
        """Other keys go to llama-server as request fields."""
        return None

    def __init__(self, base_url: str | None = None, model: str | None = None,
                 parallel: int | None = None, max_retries: int = 3, timeout: float = 600,
                 max_gen_toks: int = 256, seed: int | None = 1234, max_length: int | None = None,
                 add_bos_token: bool | None = None, prefix_token_id: int | None = None,
                 force_bias: float = 1000.0, backoff_base: float = 0.5, backoff_max: float = 10.0,
                 batch_size: Any = None, max_batch_size: Any = None, device: Any = None,
                 dtype: Any = None, truncate: Any = None) -> None:
        """``batch_size`` ... ``truncate``: lm-eval's arguments, taken and unused (the server
        batches its own slots and holds the weights)."""
        super().__init__()
        if not base_url:
            raise UsageError("gguf needs base_url=http://host:port (a running llama-server)")
        self.root = root_url(str(base_url))
        self.model = model
        self.retry = RetryPolicy(max_attempts=max(1, int(max_retries)),
                                 backoff_base=float(backoff_base), backoff_max=float(backoff_max))
        self.timeout = positive_timeout(timeout, "gguf")
        self.max_gen_toks = int(max_gen_toks)
        self.seed = None if seed is None else int(seed)
        self.add_bos_token = add_bos_token
        self.force_bias = float(force_bias)
        self.info: ServerInfo = run_async(self._probe)
        self.parallel = max(1, int(parallel)) if parallel else self.info.slots
        self.max_length = int(max_length) if max_length else self.info.n_ctx
        self.prefix_token_id = prefix_token_id if prefix_token_id is not None else (
            self.info.bos_id if self.info.bos_id is not None else self.info.eos_id)
        log.info("gguf: %s at %s, %d slot(s), concurrency %d", self.info.flavor,
                 safe_url(self.root), self.info.slots, self.parallel)

    # -- plumbing ----------------------------------------------------------------------
    def _http(self, concurrency: int | None = None) -> HttpClient:
        return HttpClient(timeout=self.timeout, num_concurrent=concurrency or self.parallel,
                          retry=self.retry, seed=self.seed)

    async def _probe(self) -> ServerInfo:
        async with self._http(1) as http:
            return await ServerClient(http, self.root, self.model).probe()

    def identity_extras(self) -> dict[str, Any]:
        """What the server says it serves: its kind, model, context size and BOS/EOS id."""
        return {"server": self.info.flavor, "server_model": self.info.model_id,
                "n_ctx": self.max_length, "prefix_token_id": self.prefix_token_id}

    def _unsupported(self, kind: RequestKind) -> str:
        if kind is RequestKind.LOGLIKELIHOOD_ROLLING:
            return ("gguf does not support loglikelihood_rolling (perplexity tasks): llama.cpp "
                    "returns no prompt logprobs; run the model with --model hf "
                    "--model_args pretrained=DIR,gguf_file=FILE instead")
        return super()._unsupported(kind)

    def loglikelihood_rolling(self, requests: Sequence[RollingRequest]) -> list[float]:
        raise UnsupportedRequestError(self._unsupported(RequestKind.LOGLIKELIHOOD_ROLLING))

    # -- tokenization (the server's tokenizer, lmeval-hf's contract) ---------------------
    async def _encode(self, client: ServerClient, text: str,
                      add_special: bool | None = None) -> list[int]:
        if not text:
            return []
        if add_special is None:
            add_special = True if self.add_bos_token is None else self.add_bos_token
            if self.info.bos_text and text.startswith(self.info.bos_text):
                add_special = False
        if self.info.flavor == LLAMA_SERVER:
            return await client.tokenize(text, add_special=add_special)
        return await client.extras_tokenize(text, self.info, add_special=add_special)

    async def _encode_pair(self, client: ServerClient, context: str,
                           continuation: str) -> tuple[list[int], list[int]]:
        if context == "":
            cont = await self._encode(client, continuation, add_special=False)
            if self.prefix_token_id is None:
                raise UsageError("an empty context needs a BOS/EOS token id the server does not "
                                 "report: pass prefix_token_id=N in --model_args")
            if cont and cont[0] == self.prefix_token_id:
                return cont[:1], cont[1:]
            return [self.prefix_token_id], cont
        n = len(context) - len(context.rstrip())
        if n:
            context, continuation = context[:-n], context[-n:] + continuation
        ctx, whole = await asyncio.gather(self._encode(client, context),
                                          self._encode(client, context + continuation))
        return ctx, whole[len(ctx):]

    # -- loglikelihood -------------------------------------------------------------------
    def _report_one(self, index: int, answer: Any) -> None:
        """``on_answer`` of the scoring and generation loops: one finished request."""
        self.report_answers({index: answer})

    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        for r in requests:
            if not isinstance(r.context, str):
                raise UsageError("gguf scores string contexts; render chat messages first")
        if not requests:
            return []
        return run_async(lambda: self._loglikelihood(list(requests), self._report_one))

    async def _loglikelihood(self, requests: list[LoglikelihoodRequest],
                             on_answer: OnAnswer) -> list[tuple[float, bool]]:
        async with self._http(max(4, self.parallel)) as http:
            client = ServerClient(http, self.root, self.model)
            pairs = await asyncio.gather(*[self._encode_pair(client, r.context, r.continuation)
                                           for r in requests])
        if self.info.flavor == LLAMA_CPP_PYTHON:
            return await self._score_by_echo(requests, pairs, on_answer)
        return await self._score_by_forcing(pairs, on_answer)

    def _window(self, ids: list[int]) -> list[int]:
        room = (self.max_length - 1) if self.max_length else None
        return ids[-room:] if room and len(ids) > room else ids

    async def _score_by_forcing(self, pairs: list[tuple[list[int], list[int]]],
                                on_answer: OnAnswer) -> list[tuple[float, bool]]:
        positions: dict[tuple[tuple[int, ...], int], _Position] = {}
        groups: dict[tuple[int, ...], list[_Position]] = {}
        remaining = [0] * len(pairs)
        for i, (ctx, cont) in enumerate(pairs):
            group = groups.setdefault(tuple(ctx), [])
            for j, tok in enumerate(cont):
                prefix = self._window(ctx + cont[:j])
                key = (tuple(prefix), tok)
                pos = positions.get(key)
                if pos is None:
                    pos = positions[key] = _Position(prefix, tok)
                    group.append(pos)
                pos.owners.append(i)
                remaining[i] += 1
        answers: list[tuple[float, bool] | None] = [None] * len(pairs)
        totals = [[0.0, True] for _ in pairs]

        def finish(i: int) -> None:
            answers[i] = (float(totals[i][0]), bool(totals[i][1]))
            if on_answer is not None:
                on_answer(i, answers[i])

        for i, n in enumerate(remaining):
            if n == 0:  # empty continuation
                finish(i)
        # Pin each context's positions to one slot; balance slots by work.
        workers: list[list[_Position]] = [[] for _ in range(self.parallel)]
        for group in sorted(groups.values(), key=len, reverse=True):
            min(workers, key=len).extend(group)

        async with self._http() as http:
            async def work(slot: int, queue: list[_Position]) -> None:
                for pos in queue:
                    pos.logprob, pos.greedy = await self._force(http, pos, slot % self.info.slots)
                    for i in pos.owners:
                        totals[i][0] += pos.logprob
                        totals[i][1] = totals[i][1] and pos.greedy
                        remaining[i] -= 1
                        if remaining[i] == 0:
                            finish(i)

            await _all_or_nothing([work(s, q) for s, q in enumerate(workers) if q])
        return answers  # type: ignore[return-value]

    async def _force(self, http: HttpClient, pos: _Position, slot: int) -> tuple[float, bool]:
        payload: dict[str, Any] = {"prompt": pos.prefix, "max_tokens": 1, "temperature": 0,
                                   "logprobs": 1, "logit_bias": {str(pos.token): self.force_bias},
                                   "id_slot": slot, "cache_prompt": True}
        if self.model:
            payload["model"] = self.model
        if self.seed is not None:
            payload["seed"] = self.seed

        def parse(body: Any) -> tuple[float, bool]:
            lp = body["choices"][0]["logprobs"]
            if "content" not in lp:
                raise UsageError("this llama-server returns legacy logprobs (token_logprobs); "
                                 "gguf needs a llama.cpp release from December 2024 or newer")
            first = lp["content"][0]
            if int(first["id"]) != pos.token:
                raise MalformedResponse(f"the server sampled token {first['id']}, not the forced "
                                        f"{pos.token} (logit_bias ignored?)")
            value = check_logprob(float(first["logprob"]), "content[0].logprob")
            top = first.get("top_logprobs")
            if not top:  # asked for logprobs=1: without it greediness is unknown, not True
                raise ImpossibleAnswer(f"content[0].top_logprobs = {top!r}; is_greedy needs "
                                       "the most likely token's logprob")
            best = max(check_logprob(float(t["logprob"]), f"content[0].top_logprobs[{k}].logprob")
                       for k, t in enumerate(top))
            greedy = int(top[0]["id"]) == pos.token or value >= best
            return value, greedy

        return await http.post_json(self.root + "/v1/completions", payload, parse,
                                    "gguf loglikelihood request")

    async def _score_by_echo(self, requests: list[LoglikelihoodRequest],
                             pairs: list[tuple[list[int], list[int]]],
                             on_answer: OnAnswer) -> list[tuple[float, bool]]:
        if not self.info.adds_bos:
            raise UsageError("llama-cpp-python's server misaligns echoed logprobs for models "
                             "without a BOS token; serve this model with llama-server")
        answers: list[tuple[float, bool] | None] = [None] * len(pairs)
        async with self._http() as http:
            async def one(i: int) -> None:
                ctx, cont = pairs[i]
                if not cont:
                    answers[i] = (0.0, True)
                elif len(ctx) < 2:
                    raise UsageError("llama-cpp-python's server reports no logprob for the "
                                     "first token after BOS (empty contexts); serve this model "
                                     "with llama-server")
                else:
                    text = requests[i].context + requests[i].continuation
                    if self.info.bos_text and text.startswith(self.info.bos_text):
                        text = text[len(self.info.bos_text):]
                    answers[i] = await self._echo(http, text, len(ctx), len(ctx) + len(cont))
                if on_answer is not None:
                    on_answer(i, answers[i])

            await _all_or_nothing([one(i) for i in range(len(pairs))])
        return answers  # type: ignore[return-value]

    async def _echo(self, http: HttpClient, text: str, ctxlen: int,
                    n: int) -> tuple[float, bool]:
        payload: dict[str, Any] = {"prompt": text, "max_tokens": 1, "temperature": 0,
                                   "logprobs": 1, "echo": True}
        if self.model:
            payload["model"] = self.model

        def parse(body: Any) -> tuple[float, bool]:
            lp = body["choices"][0]["logprobs"]
            values, top = lp["token_logprobs"], lp["top_logprobs"]
            # the answer leaves out the BOS token: prompt position k is answer index k - 1
            if len(values) < n:
                raise MalformedResponse(f"{len(values)} logprobs for a prompt of {n} tokens "
                                        "(was the server started with logits_all?)")
            span = values[ctxlen - 1:n - 1]
            if any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in span):
                raise MalformedResponse("missing prompt logprobs")
            for k in range(ctxlen - 1, n - 1):
                check_logprob(values[k], f"token_logprobs[{k}]")
            greedy = greedy_from_top(top, values, ctxlen - 1, n - 1)
            return float(sum(span)), greedy

        return await http.post_json(self.root + "/v1/completions", payload, parse,
                                    "gguf loglikelihood request")

    # -- generation ----------------------------------------------------------------------
    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        if not requests:
            return []
        return run_async(lambda: self._generate(list(requests), self._report_one))

    async def _generate(self, requests: list[GenerateRequest], on_answer: OnAnswer) -> list[str]:
        answers: list[str | None] = [None] * len(requests)
        async with self._http(max(4, self.parallel)) as http:
            client = ServerClient(http, self.root, self.model)

            async def one(i: int) -> None:
                req = requests[i]
                if not isinstance(req.context, str):
                    raise UsageError("gguf takes string prompts; render chat messages first")
                params, max_new = request_fields(req.generation_kwargs(), self.max_gen_toks)
                stops = [s for s in req.until if s]
                # repeat_penalty 1: pure greedy (llama-cpp-python's server defaults to 1.1)
                payload: dict[str, Any] = {"prompt": await self._generation_prompt(
                    client, req.context, max_new), "max_tokens": max_new,
                    "repeat_penalty": 1.0, **params}
                if stops:
                    payload["stop"] = stops
                if self.model:
                    payload["model"] = self.model
                if self.seed is not None:
                    payload.setdefault("seed", self.seed)

                def parse(body: Any) -> str:
                    text = body["choices"][0]["text"]
                    if not isinstance(text, str):
                        raise MalformedResponse("choice without text")
                    return cut_at_stop(text, stops)

                answers[i] = await http.post_json(self.root + "/v1/completions", payload, parse,
                                                  "gguf generate_until request")
                if on_answer is not None:
                    on_answer(i, answers[i])

            await _all_or_nothing([one(i) for i in range(len(requests))])
        return answers  # type: ignore[return-value]

    async def _generation_prompt(self, client: ServerClient, context: str, max_new: int) -> Any:
        if self.info.flavor == LLAMA_SERVER:
            # token ids: exactly the tokens hf generates from (BOS rules included)
            ids = await self._encode(client, context)
            if not self.max_length:
                return ids
            return truncate_prompt(ids, prompt_budget(self.max_length, max_new,
                                                      limit_name="the server's n_ctx"))
        if self.info.adds_bos and self.info.bos_text and context.startswith(self.info.bos_text):
            return context[len(self.info.bos_text):]  # the server adds BOS itself
        return context

    # -- chat templates ------------------------------------------------------------------
    def apply_chat_template(self, messages: Sequence[Mapping[str, str]],
                            add_generation_prompt: bool = True) -> str:
        if self.info.flavor != LLAMA_SERVER:
            raise UsageError("--apply_chat_template with gguf needs llama-server (its "
                             "/apply-template endpoint renders the model's template)")
        if not add_generation_prompt:
            raise UsageError("gguf cannot continue a final assistant message (llama-server's "
                             "/apply-template always adds the generation prompt)")

        async def render() -> str:
            async with self._http(1) as http:
                return await ServerClient(http, self.root, self.model).apply_template(
                    [dict(m) for m in messages])

        return run_async(render)

    @property
    def chat_template(self) -> str | None:
        return self.info.chat_template

    @property
    def tokenizer_name(self) -> str:
        return str(self.info.model_id or "gguf").replace("/", "__")


async def _all_or_nothing(coros: list[Any]) -> None:
    """Run all; on the first failure cancel the rest and raise it."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        for fut in asyncio.as_completed(tasks):
            await fut
    finally:
        pending = [t for t in tasks if not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
