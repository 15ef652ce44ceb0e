"""What every API backend shares: model args, keys, headers, and running requests concurrently."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from lmeval.backend.batch_size import parse_batch_size
from lmeval.errors import UsageError
from lmeval.outputs import redact
from lmeval.protocol import LM

from lmeval_api.transport import (
    ApiError,
    HttpClient,
    RetryPolicy,
    check_base_url,
    positive_timeout,
    run_async,
    safe_url,
)

log = logging.getLogger("lmeval.api")

OnAnswer = Callable[[int, Any], None]

@dataclass
class Job:
    """One HTTP request answering the requests at ``indices`` (several when batched)."""

    payload: dict[str, Any]
    indices: list[int]
    parse: Callable[[Any], list[Any]]
    #: names the request in an error (computed only then): ``context '...' + ' yes'``
    describe: Callable[[], str] | None = None
    #: where to POST it, when not the backend's ``base_url`` (an API with several endpoints)
    url: str | None = None


class ApiLM(LM):
    """Base of the API backends: subclasses build payloads and parse answers.

    Requests run concurrently (``num_concurrent`` in flight) in one asyncio loop per call. Each
    answer is reported (``LM.report_answers``) as soon as it arrives, so the scheduler's response
    cache keeps it and an interrupted run loses only the requests in flight.
    """

    #: an HTTP API runs where the server is: --device and --max_batch_size mean nothing here
    unused_run_options = frozenset({"device", "max_batch_size"})

    #: Registered name (``backend_name`` of an instance made without the registry).
    kind_name = "api"
    #: Environment variable holding the API key; ``None``: no key.
    key_env: str | None = None
    #: Whether a missing key is an error (hosted APIs) or fine (local servers).
    key_required = False
    default_base_url: str | None = None

    #: Transport, pacing and credentials: a run resumes with other values and keeps its
    #: answers. lm-eval's arguments that mean nothing to an HTTP API (``truncate`` ...) too.
    cache_neutral_args = frozenset({
        "num_concurrent", "max_retries", "timeout", "backoff_base", "backoff_max",
        "verify_certificate", "ca_cert_path", "header", "headers", "api_key_env", "api_key",
        "truncate", "max_images", "dtype", "parallelize", "max_response_mb"})

    @staticmethod
    def extra_generation_kwargs() -> None:
        """Any other key is sent to the server as a request field (``seed``, ``stop`` ...)."""
        return None

    def __init__(self, *, model: str | None = None, pretrained: str | None = None,
                 base_url: str | None = None, num_concurrent: int = 1, max_retries: int = 3,
                 timeout: float = 300, batch_size: Any = 1, seed: int = 1234,
                 max_gen_toks: int = 256, verify_certificate: bool = True,
                 ca_cert_path: str | None = None, header: Any = None, headers: Any = None,
                 eos_string: str | None = None, api_key_env: str | None = None,
                 backoff_base: float = 0.5, backoff_max: float = 10.0,
                 device: Any = None, max_batch_size: Any = None, truncate: Any = None,
                 max_images: Any = None, dtype: Any = None, parallelize: Any = None,
                 api_key: Any = None, max_response_mb: float = 64) -> None:
        """``device`` ... ``parallelize``: lm-eval's arguments, taken and unused by an HTTP API;
        ``api_key`` is refused (keys come from the environment); ``max_response_mb``: the
        largest answer read (a larger one fails the run: memory stays bounded)."""
        super().__init__()
        self.backend_name = self.kind_name
        if api_key is not None:
            raise UsageError("do not pass api_key in --model_args (model args are written to the "
                             "results): set the provider's environment variable, or name another "
                             "one with api_key_env=MY_KEY_VAR")
        self.model = model or pretrained
        self.base_url = base_url or self.default_base_url
        if not self.base_url:
            raise UsageError(f"{self.kind_name} needs base_url=http://host:port/v1/... "
                             "in --model_args")
        check_base_url(self.base_url, self.kind_name)
        self.num_concurrent = max(1, _number("num_concurrent", num_concurrent, int))
        self.batch_size = _batch_size(batch_size)
        self.seed = None if seed is None else _number("seed", seed, int)
        self.max_gen_toks = _number("max_gen_toks", max_gen_toks, int)
        self.eos_string = eos_string
        self.retry = RetryPolicy(max_attempts=max(1, _number("max_retries", max_retries, int)),
                                 backoff_base=_number("backoff_base", backoff_base, float),
                                 backoff_max=_number("backoff_max", backoff_max, float))
        self.timeout = positive_timeout(timeout, self.kind_name)
        self.verify: bool | str = ca_cert_path or bool(verify_certificate)
        self.max_response_bytes = _response_cap(max_response_mb)
        if api_key_env:
            self.key_env = api_key_env
        self._api_key = self._read_key()
        self._extra_headers = _parse_headers(header if header is not None else headers)
        if "@" in (urlsplit(self.base_url).netloc) and any(
                h.lower() == "authorization" for h in self._headers()):
            raise UsageError(f"{self.kind_name}: base_url holds a user name and password "
                             f"(http://***@host) and an Authorization header is sent too "
                             f"(the API key or header=): keep one of them")
        redact.remember(self._secrets())  # masked in results, logs and errors from here on
        self.last_stats: Any = None

    # -- keys and headers --------------------------------------------------------------
    def _read_key(self) -> str:
        key = os.environ.get(self.key_env, "") if self.key_env else ""
        if self.key_required and not key:
            raise UsageError(f"{self.kind_name} needs an API key: set the {self.key_env} "
                             "environment variable")
        return key

    def auth_headers(self, key: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"} if key else {}

    def _headers(self) -> dict[str, str]:
        return {**self.auth_headers(self._api_key), **self._extra_headers}

    def _secrets(self) -> list[str]:
        """The key, every header but harmless ones, and what ``base_url`` holds (user-info,
        ``?key=``)."""
        secrets = [self._api_key, *redact.secrets_in({"base_url": self.base_url})]
        # every header given but known harmless ones (Content-Type, Accept ...): X-Session,
        # X-Goog-Api-Key ... are credentials whose names no rule can guess
        secrets += redact.header_secrets(self._extra_headers)
        auth = self.auth_headers(self._api_key)
        secrets += redact.header_secrets({k: v for k, v in auth.items()})
        return secrets

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, base_url={safe_url(self.base_url)!r})"

    # -- the LM contract -----------------------------------------------------------------
    @property
    def chunk_size(self) -> int:  # type: ignore[override]
        # Answers are reported as they arrive; chunks a few waves of concurrent requests long
        # keep the progress line and the scheduler's bookkeeping moving.
        return max(64, 8 * self.num_concurrent * self.batch_size)

    # -- running requests --------------------------------------------------------------
    def report_one(self, index: int, answer: Any) -> None:
        """``on_answer`` for :meth:`run_jobs`: hand one arrived answer to the scheduler."""
        self.report_answers({index: answer})

    def run_jobs(self, jobs: Sequence[Job], n_answers: int,
                 on_answer: OnAnswer | None = None, what: str = "request") -> list[Any]:
        """Send every job (``num_concurrent`` at a time); answers in request order."""
        answers: list[Any] = [None] * n_answers
        done = [False] * n_answers

        async def main() -> None:
            client = HttpClient(headers=self._headers(), timeout=self.timeout,
                                num_concurrent=self.num_concurrent, retry=self.retry,
                                verify=self.verify, secrets=self._secrets(), seed=self.seed,
                                allowed_origin=self.base_url,
                                max_response_bytes=self.max_response_bytes)
            async with client:
                await _gather_fail_fast([self._one(client, job, answers, done, on_answer, what)
                                         for job in jobs])
            self.last_stats = client.stats

        if jobs:
            run_async(main)
        missing = [i for i, ok in enumerate(done) if not ok]
        if missing:
            raise ApiError(f"{len(missing)} {what}s got no answer (first index {missing[0]})")
        return answers

    async def _one(self, client: HttpClient, job: Job, answers: list[Any], done: list[bool],
                   on_answer: OnAnswer | None, what: str) -> None:
        def parse(body: Any) -> list[Any]:
            out = job.parse(body)
            if len(out) != len(job.indices):
                raise ValueError(f"expected {len(job.indices)} answers, got {len(out)}")
            return out

        try:
            result = await client.post_json(job.url or self.base_url, job.payload, parse,
                                            what=what)
        except ApiError as exc:
            if job.describe is None:
                raise
            raise ApiError(f"{exc} [{client.redact(job.describe())}]") from None
        for index, answer in zip(job.indices, result, strict=True):
            answers[index] = answer
            done[index] = True
            if on_answer is not None:
                on_answer(index, answer)


def _number(name: str, value: Any, cast: type) -> Any:
    """A numeric model argument, or a usage error naming it (the value shown only when it
    cannot be a pasted key)."""
    try:
        number = cast(value)
        if isinstance(value, bool) or number != number or number in (float("inf"), float("-inf")):
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        from lmeval.outputs.redact import shown_word

        kind = "an integer" if cast is int else "a number"
        raise UsageError(f"--model_args {name}: expected {kind}, got {shown_word(str(value), 'a value')}") from None
    return number


async def _gather_fail_fast(coros: list[Any]) -> None:
    """Run all; on the first failure cancel the rest and raise it."""
    import asyncio

    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        for fut in asyncio.as_completed(tasks):
            await fut
    finally:
        for t in tasks:  # failures after the first are part of it: retrieved, not logged at exit
            if t.done() and not t.cancelled():
                t.exception()
        pending = [t for t in tasks if not t.done()]
        for t in pending:
            t.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)


def excerpt(text: Any, limit: int = 60) -> str:
    """A short one-line ``repr`` of a prompt or continuation (its end, where it matters)."""
    if not isinstance(text, str):
        text = json.dumps(text, ensure_ascii=False, default=str)
    return repr(text if len(text) <= limit else "..." + text[-limit:])


def _response_cap(value: Any) -> int:
    """``max_response_mb`` in bytes: a positive number of MiB, or a usage error naming it."""
    mb = _number("max_response_mb", value, float)
    if mb <= 0:
        raise UsageError(f"--model_args max_response_mb: expected a positive number of MiB, "
                         f"got {value!r}")
    return int(mb * 1024 * 1024)


def _batch_size(value: Any) -> int:
    """Requests per HTTP call, in the core's batch-size grammar; ``auto`` means 1 here."""
    spec = parse_batch_size(value)
    if spec.auto:
        log.warning("batch_size=%s: automatic batch size means nothing for an API; using 1", value)
        return 1
    return int(spec.fixed)  # type: ignore[arg-type]


def _parse_headers(value: Any) -> dict[str, str]:
    if value in (None, ""):
        return {}
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items()}
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            parsed = None
        if isinstance(parsed, dict):
            return {str(k): str(v) for k, v in parsed.items()}
        out = {}
        for number, part in enumerate(value.split(";"), 1):
            name, colon, val = part.partition(":")
            if not colon or not name.strip():
                # the value is not echoed: it is likely a key (`header=Bearer sk-...`)
                raise UsageError("header must be a dict, a JSON object or 'Name: value; Name2: "
                                 f"value2': part {number} of {len(value.split(';'))} has no "
                                 "'Name:' before its value")
            out[name.strip()] = val.strip()
        return out
    raise UsageError(f"header must be a dict or a JSON object, not {type(value).__name__}")
