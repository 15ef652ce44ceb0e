"""``textsynth``: TextSynth's own HTTP API (https://textsynth.com/documentation.html).

Two endpoints under ``{base_url}/v1/engines/{engine}/``:

* ``logprob`` — ``{"context", "continuation"}`` -> ``{"logprob", "is_greedy", "num_tokens"}``:
  one loglikelihood request per call, tokenized by the server (lm-eval does the same);
* ``completions`` — ``{"prompt", "max_tokens", "stop", "top_k": 1}`` -> ``{"text"}``: greedy
  generation, stopped by the server at the task's stop strings (cut here too).

``loglikelihood_rolling`` is unsupported, as in lm-eval: the API takes text, not tokens, so a
document cannot be cut into the model's windows. The key is read from
``TEXTSYNTH_API_SECRET_KEY``; transport, retries, concurrency and redaction are the package's
(:mod:`lmeval_api.base`, :mod:`lmeval_api.transport`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, ClassVar
from urllib.parse import quote

from lmeval.backend.generation import cut_at_stop, pop_max_gen_toks
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RequestKind

from lmeval_api.base import ApiLM, Job, excerpt
from lmeval_api.completions import api_stops
from lmeval_api.transport import MalformedResponse, check_logprob

log = logging.getLogger("lmeval.api")

HOSTED_URL = "https://api.textsynth.com"
#: The most stop strings one completions call takes; the rest are cut here.
MAX_STOP = 5
#: Generation arguments that are TextSynth request fields (others are refused).
SAMPLING_FIELDS = ("temperature", "top_k", "top_p", "seed")


class TextSynthLM(ApiLM):
    """TextSynth engines (``engine=mistral_7B`` ...), hosted or self-hosted (``ts_server``)."""

    kind_name = "textsynth"
    key_env = "TEXTSYNTH_API_SECRET_KEY"
    default_base_url = HOSTED_URL
    supported_kinds: ClassVar[frozenset[RequestKind]] = frozenset(
        {RequestKind.LOGLIKELIHOOD, RequestKind.GENERATE_UNTIL})

    @staticmethod
    def extra_generation_kwargs() -> frozenset[str]:
        """TextSynth's sampling fields besides the core's generation keys."""
        return frozenset({"seed"})

    def __init__(self, *, engine: str | None = None, **kwargs: Any) -> None:
        """``engine``: the TextSynth engine id (lm-eval's name; ``model`` is taken too).
        ``base_url``: the API root (default ``https://api.textsynth.com``)."""
        alias = kwargs.pop("model", None) or kwargs.pop("pretrained", None)
        model = engine or alias
        if not model:
            raise UsageError("textsynth needs engine=<engine id> in --model_args (for example "
                             "engine=mistral_7B; see https://textsynth.com/documentation.html)")
        base_url = str(kwargs.pop("base_url", None) or HOSTED_URL).rstrip("/")
        if base_url.endswith(("/completions", "/logprob")):
            raise UsageError(f"textsynth: base_url={base_url} names an endpoint; give the API "
                             f"root (e.g. {HOSTED_URL}): lmeval adds /v1/engines/<engine>/...")
        # the hosted API needs a key; a self-hosted ts_server may run without one
        self.key_required = base_url == HOSTED_URL
        super().__init__(model=model, base_url=base_url, **kwargs)
        if self.batch_size != 1:
            log.warning("textsynth: the API answers one request per call; batch_size=%d is not "
                        "used (num_concurrent=N sends N at once)", self.batch_size)
        self.engine = model
        root = f"{self.base_url}/v1/engines/{quote(model, safe='')}"
        self.logprob_url = f"{root}/logprob"
        self.completions_url = f"{root}/completions"

    def _unsupported(self, kind: RequestKind) -> str:
        return (f"textsynth: {kind.value} is not supported (as in lm-eval): the TextSynth API "
                "takes text, not token ids, so a document cannot be cut into the model's "
                "rolling windows")

    def identity_extras(self) -> dict[str, Any]:
        """The API root (without credentials): another server is another model."""
        from lmeval_api.transport import safe_url

        return {"api": safe_url(self.base_url)}

    # -- loglikelihood -------------------------------------------------------------------
    def loglikelihood(self, requests: Sequence[LoglikelihoodRequest]) -> list[tuple[float, bool]]:
        jobs = []
        for i, req in enumerate(requests):
            if not isinstance(req.context, str):
                raise UsageError("textsynth takes text; drop --apply_chat_template for "
                                 "loglikelihood tasks")
            if not req.continuation:
                raise UsageError(f"request {i}: textsynth cannot score an empty continuation "
                                 f"(context {excerpt(req.context)})")
            jobs.append(Job({"context": req.context, "continuation": req.continuation}, [i],
                            parse_logprob,
                            lambda i=i: (f"request {i}: context {excerpt(requests[i].context)} "
                                         f"+ continuation {excerpt(requests[i].continuation)}"),
                            url=self.logprob_url))
        return self.run_jobs(jobs, len(requests), self.report_one, "loglikelihood request")

    # -- generation ----------------------------------------------------------------------
    def generate_until(self, requests: Sequence[GenerateRequest]) -> list[str]:
        jobs = []
        for i, req in enumerate(requests):
            if not isinstance(req.context, str):
                raise UsageError("textsynth takes a text prompt: drop --apply_chat_template")
            payload, stops = self.completion_payload(req)
            jobs.append(Job(payload, [i],
                            lambda body, stops=stops: [cut_at_stop(parse_text(body), stops)],
                            lambda i=i: f"request {i}: prompt {excerpt(requests[i].context)}",
                            url=self.completions_url))
        return self.run_jobs(jobs, len(requests), self.report_one, "generate_until request")

    def completion_payload(self, req: GenerateRequest) -> tuple[dict[str, Any], list[str]]:
        """The completions request of ``req`` and every stop string (cut client-side)."""
        fields = req.generation_kwargs()
        do_sample = fields.pop("do_sample", None)
        fields.pop("until", None)
        max_new = pop_max_gen_toks(fields, self.max_gen_toks)
        unknown = sorted(set(fields) - set(SAMPLING_FIELDS))
        if unknown:
            raise UsageError(f"textsynth: generation argument(s) {', '.join(unknown)} are not "
                             f"TextSynth fields (it takes {', '.join(SAMPLING_FIELDS)}, "
                             "max_gen_toks, until, do_sample)")
        stops = api_stops(req.until, self.eos_string)
        payload: dict[str, Any] = {"prompt": req.context, "max_tokens": max_new}
        if stops:
            payload["stop"] = stops[:MAX_STOP]
        temperature = float(fields.get("temperature") or 0.0)
        if temperature > 0.0 and do_sample is not False:
            payload["temperature"] = temperature
            for name in ("top_k", "top_p"):
                if fields.get(name) is not None:
                    payload[name] = fields[name]
            payload["seed"] = int(fields.get("seed", self.seed if self.seed is not None else 0))
        else:
            payload["top_k"] = 1  # greedy, as lm-eval asks TextSynth for it
        return payload, stops


def parse_logprob(body: Any) -> list[tuple[float, bool]]:
    """``[(logprob, is_greedy)]`` of a ``logprob`` answer; a missing field is retried, an
    impossible value fails at once."""
    if not isinstance(body, dict):
        raise MalformedResponse(f"expected a JSON object, got {type(body).__name__}")
    value, greedy = body["logprob"], body["is_greedy"]
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise MalformedResponse(f"logprob = {value!r}, not a number")
    if not isinstance(greedy, bool):
        raise MalformedResponse(f"is_greedy = {greedy!r}, not true or false")
    return [(check_logprob(value, "logprob"), greedy)]


def parse_text(body: Any) -> str:
    if not isinstance(body, dict):
        raise MalformedResponse(f"expected a JSON object, got {type(body).__name__}")
    text = body["text"]
    if isinstance(text, list) and len(text) == 1:  # n=1 answered as a list
        text = text[0]
    if not isinstance(text, str):
        raise MalformedResponse(f"text = {excerpt(text)}, not a string")
    return text
