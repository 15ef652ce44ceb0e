"""A hostile TextSynth-speaking server that writes the caller's API key into its answers (in
several disguises): the key reaches no results file, samples file, log line or console output."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

TASKS = str(Path(__file__).parent / "tasks")
KEY = "ts-Echo9Secret_4f2b1c"


def _disguises(key: str) -> list[str]:
    return [key, f"my key is {key}!", f"Bearer {key}", f"api_key={key}", f'{{"token": "{key}"}}',
            f"{key}{key}", f"https://u:{key}@host/", f"...{key}\tand more"]


class _Echo(BaseHTTPRequestHandler):
    """Answers every completion with the request's own key, disguised."""

    count = 0

    def do_POST(self) -> None:  # noqa: N802 - the http.server hook name
        length = int(self.headers.get("Content-Length", 0))
        self.rfile.read(length)
        key = self.headers.get("Authorization", "").removeprefix("Bearer ")
        texts = _disguises(key)
        shift = _Echo.count % len(texts)  # every answer holds every disguise, in turn first
        body = json.dumps({"text": " ~ ".join(texts[shift:] + texts[:shift])}).encode()
        _Echo.count += 1
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture
def echo_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_key_echoed_in_answers_is_masked_everywhere(echo_server, tmp_path):
    import os

    env = {**os.environ, "TEXTSYNTH_API_SECRET_KEY": KEY, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    proc = subprocess.run(
        [sys.executable, "-m", "lmeval", "run", "--model", "textsynth", "--model_args",
         f"engine=e,base_url={echo_server}", "--tasks", "api_gen", "--include_path", TASKS,
         "--output_path", str(tmp_path / "out"), "--log_samples", "--use_cache", str(tmp_path / "cache"),
         "--write_out", "--verbosity", "DEBUG"],
        capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert _Echo.count == 6  # one answer per document of api_gen
    assert KEY not in proc.stdout + proc.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    samples = [p for p in written if p.name.startswith("samples_")]
    assert samples and any("***" in p.read_text(encoding="utf-8") for p in samples)
    for path in written:
        assert KEY.encode() not in path.read_bytes(), path
