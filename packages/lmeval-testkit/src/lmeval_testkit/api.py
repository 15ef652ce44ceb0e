"""A fault-injecting OpenAI/Anthropic-style HTTP server for tests and benchmarks (stdlib only).

It serves ``/v1/completions``, ``/v1/chat/completions``, ``/v1/messages`` and TextSynth's
``/v1/engines/{engine}/logprob`` and ``/v1/engines/{engine}/completions`` from a
deterministic fake model (:class:`FakeModel`): every answer is a pure function of the request,
so a test can compute the right answer itself and prove that retries lost or corrupted nothing.

Faults are chosen per request by ``fault(key, attempt)``, where ``key`` identifies the request
body and ``attempt`` counts how often the server has seen that body (1, 2, ...). A fault is one
of (see :class:`Fault`): ``ok``, ``delay`` seconds, an HTTP ``status`` (with ``retry_after``),
``reset`` (connection reset before any answer), ``cut`` (headers and half the body, then the
connection closes), ``badjson`` (a complete HTTP answer whose JSON body is truncated),
``malformed`` (valid JSON without the fields an answer needs), ``slow`` (the body dripped one
byte every ``seconds``), ``hang`` (no answer at all), ``echo_auth`` (an error ``status`` whose message
repeats the credentials received, to prove clients redact them), and the well-formed but
impossible answers of :data:`NONSENSE` (a positive, NaN or infinite log-probability, missing or
empty ``top_logprobs``). ``latency`` delays every answer.

    with FaultServer(latency=0.05) as server:
        lm = LocalCompletionsLM(base_url=server.url + "/v1/completions", ...)

``python -m lmeval_testkit.api --latency 0.05`` serves until killed and prints its URL.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: A fake API key for tests that prove keys never reach logs, results or samples.
TEST_API_KEY = "sk-lmeval-test-SECRET-0123456789abcdef"


def _h(*parts: Any) -> int:
    data = "\x1f".join(json.dumps(p, sort_keys=True) for p in parts).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


class FakeModel:
    """Deterministic scores and texts; token ids are ints, text prompts are split into bytes."""

    def __init__(self, vocab_size: int = 512, seed: int = 0) -> None:
        self.vocab_size = vocab_size
        self.seed = seed

    def greedy(self, prefix: Sequence[int]) -> int:
        return _h(self.seed, "g", list(prefix[-4:])) % self.vocab_size

    def logprob(self, prefix: Sequence[int], token: int) -> float:
        """log P(token | prefix): -0.05 for the greedy token, less for every other."""
        if token == self.greedy(prefix):
            return -0.05
        return -(1.0 + (_h(self.seed, "l", list(prefix[-4:]), token) % 1000) / 250.0)

    def score(self, context: Sequence[int], continuation: Sequence[int]) -> tuple[float, bool]:
        """What a correct client reports for ``continuation`` after ``context``."""
        total, greedy, seq = 0.0, True, list(context)
        for tok in continuation:
            total += self.logprob(seq, tok)
            greedy = greedy and tok == self.greedy(seq)
            seq.append(tok)
        return total, greedy

    def text(self, prompt: Any, max_tokens: int, stop: Sequence[str] = ()) -> str:
        """A generation: ``max_tokens`` words from a hash of the prompt, cut at a stop string."""
        words = [f" w{_h(self.seed, 't', prompt, i) % 97}" for i in range(max_tokens)]
        if max_tokens > 3:
            words[3] = "\n\nQuestion:"
        out = "".join(words)
        for s in stop or ():
            if s and s in out:
                out = out[: out.index(s)]
        return out


#: fault kinds that answer a completions echo request with values no model can produce
NONSENSE = ("positive_logprob", "nan_logprob", "inf_logprob", "no_top_logprobs",
            "short_top_logprobs", "empty_top_logprobs", "positive_top_logprob")


def nonsense(kind: str, answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with the last prompt position of each echoed choice (or a TextSynth
    ``logprob``) made impossible."""
    if "logprob" in answer and kind in ("positive_logprob", "nan_logprob", "inf_logprob"):
        answer["logprob"] = {"positive_logprob": 0.7, "nan_logprob": float("nan"),
                             "inf_logprob": float("-inf")}[kind]
    for choice in answer.get("choices", []):
        lp = choice.get("logprobs")
        if not lp or not lp.get("token_logprobs"):
            continue
        last = len(lp["token_logprobs"]) - 2  # the continuation's last token (then the generated one)
        if kind == "positive_logprob":
            lp["token_logprobs"][last] = 0.7
        elif kind == "nan_logprob":
            lp["token_logprobs"][last] = float("nan")
        elif kind == "inf_logprob":
            lp["token_logprobs"][last] = float("-inf")
        elif kind == "no_top_logprobs":
            lp["top_logprobs"] = None
        elif kind == "short_top_logprobs":
            lp["top_logprobs"] = lp["top_logprobs"][:1]
        elif kind == "empty_top_logprobs":
            lp["top_logprobs"][last] = {}
        elif kind == "positive_top_logprob":
            lp["top_logprobs"][last] = {**lp["top_logprobs"][last], "999": 2.5}
    return answer


@dataclass(frozen=True)
class Fault:
    kind: str = "ok"
    seconds: float = 0.0
    status: int = 500
    retry_after: float | None = None


OK = Fault()


@dataclass
class Hit:
    """One request the server saw."""

    time: float
    path: str
    key: str
    attempt: int
    fault: str
    authorization: str | None
    x_api_key: str | None


@dataclass
class FaultServer:
    """The server; runs its own event loop in a background thread (``start``/``stop``)."""

    latency: float = 0.0
    fault: Callable[[str, int], Fault] | None = None
    model: FakeModel = field(default_factory=FakeModel)
    host: str = "127.0.0.1"
    port: int = 0
    hits: list[Hit] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._attempts: dict[str, int] = {}
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.base_events.Server | None = None
        self._ready = threading.Event()
        self.inflight = 0
        self.max_inflight = 0

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> FaultServer:
        self._thread = threading.Thread(target=self._run, name="fault-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("fault server did not start")
        return self

    def stop(self) -> None:
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(5)

    def __enter__(self) -> FaultServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, self.host, self.port, backlog=1024))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            self._server.close()
            tasks = asyncio.all_tasks(self._loop)
            for task in tasks:
                task.cancel()
            self._loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self._loop.close()

    def reset_counts(self) -> None:
        with self._lock:
            self._attempts.clear()
            self.hits.clear()
            self.max_inflight = 0

    # -- HTTP --------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                request = await _read_request(reader)
                if request is None:
                    break
                keep = await self._handle(reader, writer, *request)
                if not keep:
                    break
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            if not writer.is_closing():
                writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                      method: str, path: str, headers: dict[str, str], body: bytes) -> bool:
        self.inflight += 1
        self.max_inflight = max(self.max_inflight, self.inflight)
        try:
            return await self._handle_one(reader, writer, method, path, headers, body)
        finally:
            self.inflight -= 1

    async def _handle_one(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                          method: str, path: str, headers: dict[str, str], body: bytes) -> bool:
        if method == "GET" and path in ("/health", "/v1/models"):
            _respond(writer, 200, {"status": "ok", "data": []})
            await writer.drain()
            return True
        key = hashlib.sha256(body).hexdigest()[:16]
        with self._lock:
            attempt = self._attempts[key] = self._attempts.get(key, 0) + 1
        fault = self.fault(key, attempt) if self.fault else OK
        self.hits.append(Hit(time.monotonic(), path, key, attempt, fault.kind,
                             headers.get("authorization"), headers.get("x-api-key")))
        if self.latency:
            await asyncio.sleep(self.latency)
        if fault.kind == "delay":
            await asyncio.sleep(fault.seconds)
        elif fault.kind == "hang":
            await reader.read()  # until the client gives up and closes
            return False
        elif fault.kind == "reset":
            _reset(writer)
            return False
        elif fault.kind == "echo_auth":
            # a careless server that repeats the credentials it got in its error message
            _respond(writer, fault.status, {"error": {"message": "invalid key: "
                                             f"{headers.get('authorization')} "
                                             f"{headers.get('x-api-key')}"}})
            await writer.drain()
            return True
        elif fault.kind == "status":
            extra = {"Retry-After": f"{fault.retry_after:g}"} if fault.retry_after is not None else {}
            _respond(writer, fault.status, {"error": {"message": f"injected {fault.status}"}}, extra)
            await writer.drain()
            return True
        try:
            answer = self.answer(path, json.loads(body))
        except (ValueError, KeyError, TypeError) as exc:
            _respond(writer, 400, {"error": {"message": f"bad request: {exc}"}})
            await writer.drain()
            return True
        if answer is None:
            _respond(writer, 404, {"error": {"message": f"no route {path}"}})
            await writer.drain()
            return True
        if fault.kind in NONSENSE:
            answer = nonsense(fault.kind, answer)
        data = json.dumps(answer).encode()  # NaN and Infinity as Python (and vLLM) write them
        if fault.kind == "malformed":
            _respond(writer, 200, {"id": "x", "object": "error-ish"})
        elif fault.kind == "badjson":
            _respond_bytes(writer, 200, data[: len(data) // 2])
        elif fault.kind == "cut":
            head = _head(200, len(data))
            writer.write(head + data[: len(data) // 2])
            await writer.drain()
            writer.close()
            return False
        elif fault.kind == "slow":
            writer.write(_head(200, len(data)))
            for i in range(len(data)):
                writer.write(data[i:i + 1])
                await writer.drain()
                await asyncio.sleep(fault.seconds)
            return True
        else:
            _respond_bytes(writer, 200, data)
        await writer.drain()
        return True

    # -- the fake model's API ------------------------------------------------------------------
    def answer(self, path: str, req: dict[str, Any]) -> dict[str, Any] | None:
        if path.startswith("/v1/engines/"):
            return self._textsynth(path, req)
        if path.endswith("/completions") and "chat" not in path:
            return self._completions(req)
        if path.endswith("/chat/completions"):
            content = self.model.text(req["messages"], int(req.get("max_tokens")
                                      or req.get("max_completion_tokens") or 16), req.get("stop") or ())
            return {"id": "chatcmpl-fake", "object": "chat.completion", "model": req.get("model"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": content}}]}
        if path.endswith("/messages"):
            text = self.model.text(req["messages"], int(req["max_tokens"]),
                                   req.get("stop_sequences") or ())
            return {"id": "msg-fake", "type": "message", "role": "assistant",
                    "content": [{"type": "text", "text": text}], "stop_reason": "end_turn"}
        return None

    def _textsynth(self, path: str, req: dict[str, Any]) -> dict[str, Any] | None:
        """TextSynth's ``/v1/engines/{engine}/logprob`` and ``/completions`` on the fake model:
        texts are their UTF-8 bytes; an empty context is one EOT token (0), as TextSynth's."""
        _, _, engine, endpoint = path.strip("/").split("/", 3)
        if endpoint == "logprob":
            context = list(req["context"].encode("utf-8")) or [0]
            continuation = list(req["continuation"].encode("utf-8"))
            if not continuation:
                raise ValueError("continuation must not be empty")
            logprob, greedy = self.model.score(context, continuation)
            return {"logprob": logprob, "is_greedy": greedy, "num_tokens": len(continuation),
                    "input_tokens": len(context) + len(continuation)}
        if endpoint == "completions":
            stop = req.get("stop") or ()
            stop = [stop] if isinstance(stop, str) else list(stop)
            if len(stop) > 5:
                raise ValueError("at most 5 stop strings")
            text = self.model.text([engine, req["prompt"]], int(req.get("max_tokens") or 100),
                                   stop)
            return {"text": text, "reached_end": True, "input_tokens": len(req["prompt"]),
                    "output_tokens": len(text.split())}
        return None

    def _completions(self, req: dict[str, Any]) -> dict[str, Any]:
        prompt = req["prompt"]
        if isinstance(prompt, list) and prompt and isinstance(prompt[0], (list, str)):
            prompts = prompt
        else:
            prompts = [prompt]
        choices = []
        for index, p in enumerate(prompts):
            ids = list(p.encode("utf-8")) if isinstance(p, str) else list(p)
            if req.get("echo") and req.get("logprobs") is not None:
                choices.append({"index": index, "text": "", "finish_reason": "length",
                                "logprobs": self._echo_logprobs(ids)})
            else:
                text = self.model.text(p, int(req.get("max_tokens") or 16), req.get("stop") or ())
                choices.append({"index": index, "text": text, "finish_reason": "stop",
                                "logprobs": None})
        return {"id": "cmpl-fake", "object": "text_completion", "model": req.get("model"),
                "choices": choices}

    def _echo_logprobs(self, ids: list[int]) -> dict[str, Any]:
        seq = ids + [self.model.greedy(ids)]  # the one generated token
        token_logprobs: list[float | None] = [None]
        top: list[dict[str, float] | None] = [None]
        for i in range(1, len(seq)):
            prefix, tok = seq[:i], seq[i]
            best = self.model.greedy(prefix)
            token_logprobs.append(self.model.logprob(prefix, tok))
            top.append({str(best): self.model.logprob(prefix, best),
                        str(tok): self.model.logprob(prefix, tok)})
        return {"tokens": [str(t) for t in seq], "token_logprobs": token_logprobs,
                "top_logprobs": top, "text_offset": list(range(len(seq)))}


# ------------------------------------------------------------------------------ HTTP plumbing

async def _read_request(reader: asyncio.StreamReader) -> tuple[str, str, dict[str, str], bytes] | None:
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    body = await reader.readexactly(length) if length else b""
    return method, path.split("?", 1)[0], headers, body


_REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}


def _head(status: int, length: int, extra: dict[str, str] | None = None) -> bytes:
    lines = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}",
             "Content-Type: application/json", f"Content-Length: {length}",
             "Connection: keep-alive"]
    lines += [f"{k}: {v}" for k, v in (extra or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _respond(writer: asyncio.StreamWriter, status: int, obj: Any,
             extra: dict[str, str] | None = None) -> None:
    data = json.dumps(obj).encode()
    writer.write(_head(status, len(data), extra) + data)


def _respond_bytes(writer: asyncio.StreamWriter, status: int, data: bytes) -> None:
    writer.write(_head(status, len(data)) + data)


def _reset(writer: asyncio.StreamWriter) -> None:
    """Close with RST (SO_LINGER 0), as a crashed or overloaded proxy does."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
    writer.transport.abort()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every answer")
    args = parser.parse_args(argv)
    server = FaultServer(latency=args.latency, host=args.host, port=args.port).start()
    print(server.url, flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()
        sys.exit(0)


if __name__ == "__main__":
    main()
