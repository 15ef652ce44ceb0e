"""No credential and no prompt ever reach an origin other than base_url's; answers are capped.

Real HTTP servers on 127.0.0.1: one answers every request with a redirect (301, 302, 303, 307,
308) to a second server on another port (another origin) or to itself (the same origin); the
second server records what reaches it. Every API backend (local-completions,
local-chat-completions, openai-completions, openai-chat-completions, anthropic-chat-completions,
textsynth, and gguf's llama.cpp transport) is tried with every kind of credential header (the
provider's key, ``header=`` Authorization, X-Api-Key, X-Goog-Api-Key,
Ocp-Apim-Subscription-Key and a name no rule knows, X-Session). The run fails at once with one
line naming the Location; the second server sees nothing; the first sees one request.
"""

from __future__ import annotations

import http.server
import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from lmeval.protocol import GenerateRequest
from lmeval_api.chat import AnthropicChatLM, LocalChatCompletionsLM, OpenAIChatCompletionsLM
from lmeval_api.completions import LocalCompletionsLM, OpenAICompletionsLM
from lmeval_api.textsynth import TextSynthLM
from lmeval_api.transport import ApiError

PROMPT = "The secret plan of the evaluation is"
KEY = "sk-lmeval-redirect-KEY-0123456789abcdef"
HEADER_VALUE = "hdr-secret-9f8e7d6c5b4a"
STATUSES = (301, 302, 303, 307, 308)
TASKS = str(Path(__file__).parent / "tasks")


@dataclass
class Server:
    """A real HTTP server; ``respond(handler)`` answers each request, ``seen`` records them."""

    respond: Callable[[Any], None]
    seen: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.seen.append({"method": self.command, "path": self.path,
                                   "headers": dict(self.headers.items()), "body": body})
                outer.respond(self)

            do_GET = do_POST = _any

            def log_message(self, *args: Any) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _json(handler: Any, status: int, obj: Any) -> None:
    data = json.dumps(obj).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@pytest.fixture
def other() -> Iterator[Server]:
    """The other origin: answers 200 to anything (as an attacker's host would)."""
    server = Server(lambda h: _json(h, 200, {"choices": [{"text": "stolen"}]}))
    yield server
    server.close()


def _redirector(status: int, location: Callable[[Any], str]) -> Server:
    def respond(handler: Any) -> None:
        handler.send_response(status)
        handler.send_header("Location", location(handler))
        handler.send_header("Content-Length", "0")
        handler.end_headers()

    return Server(respond)


#: backend → (class, path under the server root, key variable, extra model args)
BACKENDS: dict[str, tuple[type, str, str | None, dict[str, Any]]] = {
    "local-completions": (LocalCompletionsLM, "/v1/completions", None,
                          {"model": "m", "tokenizer_backend": None}),
    "local-chat-completions": (LocalChatCompletionsLM, "/v1/chat/completions", None,
                               {"model": "m"}),
    "openai-completions": (OpenAICompletionsLM, "/v1/completions", "OPENAI_API_KEY",
                           {"model": "gpt-3.5-turbo-instruct", "tokenizer_backend": None}),
    "openai-chat-completions": (OpenAIChatCompletionsLM, "/v1/chat/completions",
                                "OPENAI_API_KEY", {"model": "gpt-4o"}),
    "anthropic-chat-completions": (AnthropicChatLM, "/v1/messages", "ANTHROPIC_API_KEY",
                                   {"model": "claude-x"}),
    "textsynth": (TextSynthLM, "", "TEXTSYNTH_API_SECRET_KEY", {"engine": "e"}),
}
#: each kind of credential a user can give: None is the provider's own key (environment)
CREDENTIALS = (None, "Authorization", "X-Api-Key", "X-Goog-Api-Key",
               "Ocp-Apim-Subscription-Key", "X-Session")


def _make(name: str, base: str, credential: str | None, monkeypatch: pytest.MonkeyPatch) -> Any:
    cls, path, key_env, args = BACKENDS[name]
    monkeypatch.setenv("LMEVAL_TEST_KEY", KEY)
    kwargs: dict[str, Any] = dict(args, base_url=base + path, max_retries=1)
    if credential is None:
        kwargs["api_key_env"] = "LMEVAL_TEST_KEY"  # the key goes in the provider's own header
    else:
        value = f"Bearer {HEADER_VALUE}" if credential == "Authorization" else HEADER_VALUE
        kwargs["header"] = f"{credential}: {value}"
        if key_env:
            monkeypatch.setenv(key_env, KEY)
    return cls(**kwargs)


def _generate(lm: Any) -> None:
    lm.generate_until([GenerateRequest.make(PROMPT, {"until": ["\n"], "max_gen_toks": 4})])


def _no_credential_and_no_prompt(seen: list[dict[str, Any]]) -> None:
    for request in seen:
        text = json.dumps(request["headers"]) + request["body"].decode("utf-8", "replace")
        assert KEY not in text and HEADER_VALUE not in text and PROMPT not in text


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_a_redirect_to_another_origin_is_not_followed(name, status, other, monkeypatch):
    redirect = _redirector(status, lambda h: other.url + h.path)
    try:
        for credential in CREDENTIALS:
            redirect.seen.clear()
            lm = _make(name, redirect.url, credential, monkeypatch)
            with pytest.raises(ApiError) as err:
                _generate(lm)
            message = str(err.value)
            assert f"HTTP {status} redirect to {other.url}/" in message, message
            assert "another origin" in message and "\n" not in message
            assert KEY not in message and HEADER_VALUE not in message
            assert len(redirect.seen) == 1 and redirect.seen[0]["method"] == "POST"
            assert other.seen == [], (name, status, credential)  # nothing at all reached it
    finally:
        redirect.close()


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("name", sorted(BACKENDS))
def test_a_redirect_to_the_same_origin_is_not_followed_either(name, status, monkeypatch):
    redirect = _redirector(status, lambda h: "/moved" + h.path)
    try:
        lm = _make(name, redirect.url, "X-Session", monkeypatch)
        with pytest.raises(ApiError, match=rf"HTTP {status} redirect to .*/moved/.*same origin"):
            _generate(lm)
        assert [r["path"].startswith("/moved") for r in redirect.seen] == [False]
    finally:
        redirect.close()


@pytest.mark.parametrize("status", STATUSES)
def test_gguf_transport_follows_no_redirect(status, other):
    gguf = pytest.importorskip("lmeval_llamacpp.models", reason="lmeval-llamacpp not installed")
    redirect = _redirector(status, lambda h: other.url + h.path)
    try:
        with pytest.raises(Exception, match=rf"HTTP {status} redirect to {other.url}/"):
            gguf.GGUFLM(base_url=redirect.url, max_retries=1)
        assert {r["method"] for r in redirect.seen} <= {"GET", "POST"} and redirect.seen
        assert other.seen == []
    finally:
        redirect.close()


def test_a_url_of_another_origin_is_refused_before_sending(other, monkeypatch):
    """A job aimed elsewhere than base_url (a bug in a backend) sends nothing."""
    from lmeval_api.base import Job

    lm = _make("local-completions", "http://127.0.0.1:9", "X-Session", monkeypatch)
    job = Job(payload={"prompt": PROMPT}, indices=[0], parse=lambda body: ["x"],
              url=other.url + "/v1/completions")
    with pytest.raises(ApiError, match="refusing to send a request to .*only to base_url's origin"):
        lm.run_jobs([job], 1)
    assert other.seen == []


def test_cli_redirect_is_one_line_and_exit_1(other, tmp_path):
    redirect = _redirector(307, lambda h: other.url + h.path)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "lmeval", "run", "--model", "local-chat-completions",
             "--model_args", f"base_url={redirect.url}/v1/chat/completions,model=m,"
             f"max_retries=1,header=X-Session: {HEADER_VALUE}",
             "--tasks", "api_gen", "--include_path", TASKS, "--limit", "1",
             "--apply_chat_template", "--output_path", str(tmp_path / "out")],
            capture_output=True, text=True, timeout=300,
            env={**__import__("os").environ, "LMEVAL_CACHE_DIR": str(tmp_path / "c")})
    finally:
        redirect.close()
    assert proc.returncode == 1, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "error" in line.lower()]
    assert len(errors) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert f"HTTP 307 redirect to {other.url}/v1/chat/completions" in errors[0]
    assert HEADER_VALUE not in proc.stderr + proc.stdout
    assert other.seen == []


# -- answer size cap ---------------------------------------------------------------------------
def _big(kind: str, size: int) -> Callable[[Any], None]:
    """A 200 answer of ``size`` bytes: declared (Content-Length), chunked, or endless."""
    def respond(handler: Any) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        chunk = b" " * 65536
        if kind == "declared":
            handler.send_header("Content-Length", str(size))
            handler.end_headers()
            try:
                for _ in range(size // len(chunk)):
                    handler.wfile.write(chunk)
            except OSError:
                pass  # the client hung up at its cap
            return
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        sent = 0
        try:
            while kind == "endless" or sent < size:
                handler.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
            handler.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
    return respond


@pytest.mark.parametrize("kind", ["declared", "chunked", "endless"])
def test_an_answer_past_max_response_mb_fails_with_one_line(kind, monkeypatch):
    server = Server(_big(kind, 3 * 1024 * 1024))
    try:
        lm = _make("local-completions", server.url, None, monkeypatch)
        lm.max_response_bytes = 1024 * 1024  # max_response_mb=1
        with pytest.raises(ApiError) as err:
            _generate(lm)
        assert "larger than max_response_mb=1" in str(err.value)
        assert "\n" not in str(err.value)
        assert len(server.seen) == 1  # not retried: the server would send it again
    finally:
        server.close()


def test_max_response_mb_is_a_model_argument(monkeypatch):
    from lmeval.errors import UsageError

    lm = LocalCompletionsLM(base_url="http://127.0.0.1:9/v1/completions", model="m",
                            tokenizer_backend=None, max_response_mb=0.5)
    assert lm.max_response_bytes == 512 * 1024
    for bad in (0, -1, "lots"):
        with pytest.raises(UsageError, match="max_response_mb"):
            LocalCompletionsLM(base_url="http://127.0.0.1:9/v1/completions", model="m",
                               tokenizer_backend=None, max_response_mb=bad)


def test_an_answer_under_the_cap_is_read_whole(monkeypatch):
    text = "ok " * 200_000  # ~600 kB, under a 1 MiB cap
    server = Server(lambda h: _json(h, 200, {"choices": [{"text": text, "index": 0}]}))
    try:
        lm = _make("local-completions", server.url, None, monkeypatch)
        lm.max_response_bytes = 1024 * 1024
        (got,) = lm.generate_until([GenerateRequest.make(PROMPT, {"max_gen_toks": 4})])
        assert got == text
    finally:
        server.close()


# -- header= values never reach the outputs ------------------------------------------------------
@pytest.mark.parametrize("name", ["X-Session", "X-Tenant-Token-Id", "Ocp-Apim-Subscription-Key",
                                  "X-Goog-Api-Key", "Cf-Access-Jwt-Assertion", "X-Custom"])
def test_every_header_given_is_kept_out_of_the_results(name, lmeval_fault_server, tmp_path):
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "lmeval", "run", "--model", "local-completions", "--model_args",
         f"base_url={lmeval_fault_server.url}/v1/completions,model=m,tokenizer_backend=none,"
         f"header={name}: {HEADER_VALUE}; Content-Type: application/json",
         "--tasks", "api_gen", "--include_path", TASKS, "--limit", "2", "--log_samples",
         "--use_cache", str(tmp_path / "cache"), "--output_path", str(out), "--verbosity", "DEBUG"],
        capture_output=True, text=True, timeout=300,
        env={**__import__("os").environ, "LMEVAL_CACHE_DIR": str(tmp_path / "c")})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert HEADER_VALUE not in proc.stdout + proc.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("results_") for p in written)
    for path in written:
        assert HEADER_VALUE.encode() not in path.read_bytes(), path
    (results,) = out.rglob("results_*.json")
    model_args = str(json.loads(results.read_text())["config"]["model_args"])  # a dict from the CLI
    assert f"{name}: ***" in model_args and "Content-Type: application/json" in model_args


def _trial_table() -> str:
    """The redirect trial of docs/backends/api.md: every backend x status x credential kind."""
    monkeypatch = pytest.MonkeyPatch()
    other = Server(lambda h: _json(h, 200, {"choices": [{"text": "stolen"}]}))
    lines = ["| backend | Location | trials (5 statuses x 6 credential kinds) | failed at once | "
             "one line naming Location | requests to base_url | requests to the other server | "
             "credential or prompt there |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name in sorted(BACKENDS):
        for target in ("other origin", "same origin"):
            counts = [0] * 5  # failed, one line, to base_url, to the other server, leaks
            for status in STATUSES:
                redirect = _redirector(status, (lambda h: other.url + h.path)
                                       if target == "other origin" else (lambda h: "/moved" + h.path))
                for credential in CREDENTIALS:
                    redirect.seen.clear()
                    other.seen.clear()
                    try:
                        _generate(_make(name, redirect.url, credential, monkeypatch))
                    except ApiError as exc:
                        counts[0] += 1
                        counts[1] += "\n" not in str(exc) and "redirect to" in str(exc)
                    counts[2] += len(redirect.seen)
                    counts[3] += len(other.seen)
                    counts[4] += sum(KEY in str(r) or HEADER_VALUE in str(r) or PROMPT in str(r)
                                     for r in other.seen)
                redirect.close()
            total = len(STATUSES) * len(CREDENTIALS)
            lines.append(f"| {name} | {target} | {total} | " + " | ".join(map(str, counts)) + " |")
    other.close()
    monkeypatch.undo()
    return "\n".join(lines)


if __name__ == "__main__":
    print(_trial_table())
