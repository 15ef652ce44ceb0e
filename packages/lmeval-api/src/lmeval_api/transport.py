"""HTTP for API backends: one pooled aiohttp session, bounded concurrency, retries with backoff.

What is retried, up to ``max_attempts`` attempts in all (lm-eval's ``max_retries`` counts
attempts the same way): connection errors (refused, reset, closed mid-response), timeouts (no
byte for ``timeout`` seconds, or the whole exchange longer than ``timeout``), HTTP 408, 429 and
5xx, and answers that are not usable (invalid or truncated JSON, missing fields: the caller's
``parse`` raises). Waits grow exponentially with jitter; a 429 or 503 with ``Retry-After`` waits
at least that long. Anything else (401, 404, 400 ...) fails at once with the server's message,
and so does an answer that parses but cannot be right (:class:`ImpossibleAnswer`).

Secrets (API keys) are only ever in request headers, and they never leave ``base_url``'s
origin: no redirect is followed (a 3xx answer fails at once with one line naming its
``Location``; aiohttp would re-send the body, and every header but ``Authorization``, to another
host), and a URL of another origin is refused before any byte is sent. Every message this module
logs or raises goes through :class:`Redactor`, and URLs are logged without their query string.

Answers are read in chunks up to ``max_response_bytes`` (64 MiB by default, ``max_response_mb``
in ``--model_args``): a larger answer fails at once, not retried, with memory bounded by the cap.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import math
import os
import random
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from lmeval.errors import LmevalError, UsageError
from lmeval.outputs.redact import redact_text

log = logging.getLogger("lmeval.api")

T = TypeVar("T")

RETRY_STATUS = frozenset({408, 409, 425, 429})
#: the largest answer body read, unless ``max_response_bytes`` says otherwise
DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
_READ_CHUNK = 64 * 1024


class ApiError(LmevalError, RuntimeError):
    """A request failed for good: a non-retryable status, or every attempt failed.

    An :class:`lmeval.errors.LmevalError`: the CLI prints it in one line (exit 1).
    """


class MalformedResponse(ValueError):
    """A 2xx answer whose body is not a usable answer (raised by response parsers)."""


class ImpossibleAnswer(Exception):
    """A well-formed answer whose values cannot be right: a positive, NaN or infinite
    log-probability, no ``top_logprobs`` where greediness needs them. Not retried (a server
    that computes nonsense does so again): the request fails at once with what was sent."""


#: log-probabilities up to this much above 0 are float noise of a log-softmax, not nonsense
LOGPROB_SLACK = 1e-4


def check_logprob(value: Any, where: str) -> float:
    """``value`` if it can be a log-probability; :class:`ImpossibleAnswer` naming it if not."""
    if not math.isfinite(value):
        raise ImpossibleAnswer(f"{where} = {value} (a log-probability must be finite)")
    if value > LOGPROB_SLACK:
        raise ImpossibleAnswer(f"{where} = {value!r} (a log-probability is at most 0)")
    return float(value)


def greedy_from_top(top: Any, token_logprobs: Sequence[float], ctxlen: int, end: int) -> bool:
    """Whether each continuation token was the most likely one, from ``top_logprobs``."""
    if not isinstance(top, list) or len(top) < end:
        got = "none" if top is None else (f"{len(top)} positions" if isinstance(top, list)
                                          else type(top).__name__)
        raise ImpossibleAnswer(f"top_logprobs for positions {ctxlen}..{end - 1} are missing "
                               f"(got {got}); is_greedy needs them: does the server return "
                               "logprobs with echo?")
    greedy = True
    for pos in range(ctxlen, end):
        alternatives = top[pos]
        if not isinstance(alternatives, Mapping) or not alternatives:
            raise ImpossibleAnswer(f"top_logprobs[{pos}] = {alternatives!r}; is_greedy needs "
                                   "the most likely token's logprob")
        best = -math.inf
        for token, value in alternatives.items():
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ImpossibleAnswer(f"top_logprobs[{pos}][{token!r}] = {value!r}, not a number")
            best = max(best, check_logprob(value, f"top_logprobs[{pos}][{token!r}]"))
        if token_logprobs[pos] < best:
            greedy = False
    return greedy



class Redactor:
    """Replaces this client's secrets by ``***``, then applies lmeval's redaction rule
    (:func:`lmeval.outputs.redact.redact_text`: credential pairs, headers, URL user-info ...)."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._secrets = sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True)

    def __call__(self, text: object) -> str:
        out = str(text)
        for secret in self._secrets:
            out = out.replace(secret, "***")
        return redact_text(out)


def safe_url(url: str) -> str:
    """``url`` without user info, query and fragment: what may appear in logs and results."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def origin(url: str) -> tuple[str, str, int | None]:
    """``(scheme, host, port)`` of ``url``, the default port made explicit."""
    parts = urlsplit(url)
    port = parts.port or {"http": 80, "https": 443}.get(parts.scheme.lower())
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def redirect_error(method: str, url: str, status: int, location: str | None) -> ApiError:
    """The one line for a 3xx answer: lmeval follows no redirect (credentials and prompt
    would go wherever ``Location`` says)."""
    from urllib.parse import urljoin

    target = safe_url(urljoin(url, location)) if location else "(no Location header)"
    where = ("the same origin" if location and origin(urljoin(url, location)) == origin(url)
             else "another origin")
    return ApiError(redact_text(
        f"{method} {safe_url(url)}: HTTP {status} redirect to {target} ({where}); lmeval "
        "follows no redirect, so that credentials and prompts reach only base_url's origin: "
        "set base_url to the final URL"))


def check_base_url(url: str, owner: str) -> None:
    """``http(s)://host[:port]/...`` or a usage error before any request (aiohttp would fail
    each request with its own exception); user-info is never echoed."""
    scheme, sep, rest = str(url).partition("://")
    shown = redact_text(f"{scheme}{sep}***@{rest.rpartition('@')[2]}" if "@" in rest else str(url))
    try:
        parts = urlsplit(str(url))
        port = parts.port  # raises for a port out of range or not a number
    except ValueError as exc:
        why = "" if "@" in rest else f" ({exc})"  # urllib quotes the user-info it choked on
        raise UsageError(f"{owner}: base_url={shown!r} is not a URL{why}") from None
    problem = ("expected http:// or https://" if parts.scheme not in ("http", "https")
               else "no host" if not parts.hostname
               else "a URL holds no spaces" if any(c.isspace() for c in str(url))
               else "port 0" if port == 0 else "")
    if problem:
        raise UsageError(f"{owner}: base_url={shown!r}: {problem}, e.g. "
                         f"base_url=http://127.0.0.1:8000/v1/...")


def positive_timeout(value: Any, owner: str) -> float:
    """``timeout`` in seconds; 0, a negative or a non-number is refused (aiohttp reads 0 as
    "no timeout": a silent server would hold the run forever)."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise UsageError(f"{owner}: timeout must be a number of seconds, not {value!r}") from None
    if not seconds > 0 or seconds == float("inf"):
        raise UsageError(f"{owner}: timeout must be a positive number of seconds, not {value!r} "
                         "(0 would wait forever on a silent server)")
    return seconds


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry. ``delay`` is exponential with "equal jitter"."""

    max_attempts: int = 3
    backoff_base: float = 0.5
    backoff_max: float = 10.0
    retry_after_max: float = 120.0

    def delay(self, attempt: int, rng: random.Random, retry_after: float | None = None) -> float:
        cap = min(self.backoff_max, self.backoff_base * (2 ** max(0, attempt - 1)))
        wait = cap / 2 + rng.uniform(0, cap / 2)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.retry_after_max))
        return wait


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


class _Retryable(Exception):
    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retry_after = retry_after


@dataclass
class TransportStats:
    requests: int = 0
    attempts: int = 0
    retries: int = 0


class HttpClient:
    """POSTs JSON with at most ``num_concurrent`` requests in flight, retrying as described above.

    Use inside one event loop: ``async with HttpClient(...) as client: await client.post_json(...)``.
    Built on aiohttp: at 32 requests in flight it costs ~0.2 ms of CPU per request here, where
    httpx cost ~3 ms and fell to 25 requests/s (see the package README).
    """

    def __init__(self, *, headers: Mapping[str, str] | None = None, timeout: float = 300.0,
                 num_concurrent: int = 1, retry: RetryPolicy | None = None,
                 verify: bool | str = True, secrets: Iterable[str] = (),
                 seed: int | None = None, allowed_origin: str | None = None,
                 max_response_bytes: int = DEFAULT_MAX_RESPONSE_BYTES) -> None:
        """``allowed_origin``: a URL whose origin alone may be sent requests (``base_url``);
        ``max_response_bytes``: the largest answer body read (:data:`DEFAULT_MAX_RESPONSE_BYTES`)."""
        self.headers = dict(headers or {})
        self.allowed_origin = origin(allowed_origin) if allowed_origin else None
        self.max_response_bytes = int(max_response_bytes)
        self.timeout = positive_timeout(timeout, "HttpClient")
        self.num_concurrent = max(1, int(num_concurrent))
        self.retry = retry or RetryPolicy()
        self.verify = verify
        self.redact = Redactor(secrets)
        self.stats = TransportStats()
        self._rng = random.Random(seed)
        self._session: Any = None
        self._sem: asyncio.Semaphore | None = None

    async def __aenter__(self) -> HttpClient:
        import aiohttp

        if self.verify is False:
            ssl_arg: Any = False
        elif isinstance(self.verify, str):
            import ssl

            ssl_arg = ssl.create_default_context(cafile=self.verify)
        else:
            ssl_arg = True
        connector = aiohttp.TCPConnector(limit=self.num_concurrent, ssl=ssl_arg)
        # total: the whole exchange (a server dripping bytes cannot hold a request forever);
        # sock_read: silence between bytes; sock_connect: reaching the server
        timeout = aiohttp.ClientTimeout(total=self.timeout, sock_read=self.timeout,
                                        sock_connect=min(self.timeout, 30.0))
        # trust_env=False: aiohttp would consult ~/.netrc and the proxy variables in a worker
        # thread on every request (two thread hops each); the proxy is resolved once per URL
        # in _proxy instead, and no cookies are kept.
        self._session = aiohttp.ClientSession(connector=connector, timeout=timeout,
                                              headers=self.headers, trust_env=False,
                                              cookie_jar=aiohttp.DummyCookieJar())
        self._proxies: dict[str, Any] = {}
        self._sem = asyncio.Semaphore(self.num_concurrent)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._session.close()
        self._session = None

    async def get_json(self, url: str) -> Any:
        """One GET without retries (server probing); raises :class:`ApiError`."""
        import aiohttp

        self._check_origin(url)
        proxy, proxy_auth = self._proxy(url)
        try:
            async with self._session.get(url, proxy=proxy, proxy_auth=proxy_auth,
                                         allow_redirects=False) as resp:
                status = resp.status
                if 300 <= status < 400:
                    raise ApiError(self.redact(redirect_error("GET", url, status, resp.headers.get("Location"))))
                data = await self._read_body(resp, "GET", url)
        except (aiohttp.ClientError, asyncio.TimeoutError) as exc:
            raise ApiError(self.redact(f"GET {safe_url(url)}: {type(exc).__name__}: {exc}")) from None
        if status != 200:
            raise ApiError(self.redact(f"GET {safe_url(url)}: HTTP {status}"))
        try:
            return json.loads(data)
        except ValueError:
            raise ApiError(f"GET {safe_url(url)}: the answer is not JSON") from None

    async def post_json(self, url: str, payload: Any, parse: Callable[[Any], T],
                        what: str = "request") -> T:
        """POST ``payload``; return ``parse(json_body)``, retrying as the module describes.

        ``parse`` raises (``MalformedResponse``, ``KeyError``, ``TypeError``, ``ValueError``,
        ``IndexError``) when the body is not a usable answer: the request is then retried.
        """
        assert self._session is not None and self._sem is not None, "use `async with HttpClient()`"
        self._check_origin(url)
        self.stats.requests += 1
        body = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        last = ""
        for attempt in range(1, self.retry.max_attempts + 1):
            self.stats.attempts += 1
            try:
                async with self._sem:
                    return await self._attempt(url, body, parse)
            except ImpossibleAnswer as exc:
                raise ApiError(self.redact(f"{what} to {safe_url(url)}: the server sent an "
                                           f"impossible answer: {exc}")) from None
            except _Retryable as exc:
                last = exc.reason
                if attempt >= self.retry.max_attempts:
                    break
                wait = self.retry.delay(attempt, self._rng, exc.retry_after)
                self.stats.retries += 1
                log.warning("%s to %s failed (attempt %d/%d): %s; retrying in %.2fs", what,
                            safe_url(url), attempt, self.retry.max_attempts,
                            self.redact(exc.reason), wait)
                await asyncio.sleep(wait)
        raise ApiError(self.redact(
            f"{what} to {safe_url(url)} failed after {self.retry.max_attempts} attempt(s): {last}"
            " (raise max_retries or timeout in --model_args if the server is just slow)"))

    def _check_origin(self, url: str) -> None:
        if self.allowed_origin is not None and origin(url) != self.allowed_origin:
            scheme, host, port = self.allowed_origin
            raise ApiError(self.redact(f"refusing to send a request to {safe_url(url)}: "
                                       f"credentials go only to base_url's origin "
                                       f"{scheme}://{host}:{port}"))

    async def _read_body(self, resp: Any, method: str, url: str) -> bytes:
        """The answer's body, read in chunks; :class:`ApiError` past ``max_response_bytes``
        (a ``Content-Length`` over it fails before anything is read)."""
        cap = self.max_response_bytes
        declared = resp.content_length
        if declared is not None and declared > cap:
            raise self._too_large(method, url, f"Content-Length {declared:,} bytes")
        data = bytearray()
        async for chunk in resp.content.iter_chunked(_READ_CHUNK):
            data += chunk
            if len(data) > cap:
                raise self._too_large(method, url, f"over {cap:,} bytes read")
        return bytes(data)

    def _too_large(self, method: str, url: str, what: str) -> ApiError:
        mb = self.max_response_bytes / (1024 * 1024)
        return ApiError(self.redact(
            f"{method} {safe_url(url)}: the answer is larger than max_response_mb={mb:g} "
            f"({what}); raise max_response_mb in --model_args if this server's answers are "
            "really that large"))

    def _proxy(self, url: str) -> tuple[Any, Any]:
        """(proxy URL, proxy auth) from the environment (HTTPS_PROXY, NO_PROXY ...), cached."""
        if url not in self._proxies:
            from aiohttp.helpers import get_env_proxy_for_url
            from yarl import URL

            try:
                self._proxies[url] = get_env_proxy_for_url(URL(url))
            except LookupError:
                self._proxies[url] = (None, None)
        return self._proxies[url]

    async def _attempt(self, url: str, body: bytes, parse: Callable[[Any], T]) -> T:
        import aiohttp

        proxy, proxy_auth = self._proxy(url)
        try:
            async with self._session.post(url, data=body, proxy=proxy, proxy_auth=proxy_auth,
                                          headers={"Content-Type": "application/json"},
                                          allow_redirects=False) as resp:
                status = resp.status
                if 300 <= status < 400:
                    raise ApiError(self.redact(
                        redirect_error("POST", url, status, resp.headers.get("Location"))))
                retry_after = resp.headers.get("Retry-After")
                data = await self._read_body(resp, "POST", url)
        except asyncio.TimeoutError:
            raise _Retryable(f"no complete answer within timeout={self.timeout:g}s") from None
        except aiohttp.ClientError as exc:
            raise _Retryable(f"connection error ({type(exc).__name__}: {exc})") from None
        text = data.decode("utf-8", errors="replace")
        if status >= 500 or status in RETRY_STATUS:
            raise _Retryable(f"HTTP {status}: {_excerpt(text)}", parse_retry_after(retry_after))
        if status >= 400:
            raise ApiError(self.redact(f"POST {safe_url(url)}: HTTP {status}: {_excerpt(text)}"))
        try:
            decoded = json.loads(data)
        except ValueError as exc:
            raise _Retryable(f"malformed response: invalid JSON ({exc}): {_excerpt(text)}") from None
        try:
            return parse(decoded)
        except ImpossibleAnswer:
            raise
        except (MalformedResponse, KeyError, TypeError, ValueError, IndexError,
                AttributeError) as exc:
            raise _Retryable(f"malformed response: {type(exc).__name__}: {exc}: "
                             f"{_excerpt(text)}") from None


def _excerpt(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


def _run(factory: Callable[[], Awaitable[T]]) -> T:
    try:
        # uvloop when installed (vLLM brings it): a third less CPU per request here;
        # LMEVAL_API_EVENT_LOOP=asyncio keeps the standard loop
        if os.environ.get("LMEVAL_API_EVENT_LOOP", "") == "asyncio":
            raise ImportError
        import uvloop
    except ImportError:
        return asyncio.run(factory())  # type: ignore[arg-type]
    loop = uvloop.new_event_loop()
    try:
        return loop.run_until_complete(factory())
    finally:
        try:  # as asyncio.run: tasks left by an interruption (SIGTERM) end before the loop closes
            pending = asyncio.all_tasks(loop)
            for task in pending:
                task.cancel()
            if pending:
                loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()


def run_async(factory: Callable[[], Awaitable[T]]) -> T:
    """Run a coroutine to completion from synchronous code, even inside a running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return _run(factory)
    with ThreadPoolExecutor(max_workers=1) as pool:  # a notebook's loop is running here
        return pool.submit(_run, factory).result()
