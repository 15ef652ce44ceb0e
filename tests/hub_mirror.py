"""A Hub-protocol server on 127.0.0.1 for the Hub-path tests: olah serving local git repos.

``olah`` (PyPI, 0.5.4) serves ``<mirror>/models/<org>/<name>`` and ``<mirror>/datasets/<org>/<name>``
git repositories (branch ``main``) as Hub repositories; ``huggingface_hub``, ``transformers`` and
HF ``datasets`` reach it through ``HF_ENDPOINT``. It runs from its own venv,
``<suite venv>/lmeval-olah`` (olah pulls fastapi-utils, which pins psutil<6: it would downgrade
the suite's psutil 7), and HF ``datasets`` for the lmeval processes comes from
``<suite venv>/lmeval-hub-libs`` on ``PYTHONPATH``; both are installed by
``packages/lmeval-hf/ci-setup.sh``.
"""

from __future__ import annotations

import http.client
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

VENV = Path(sys.prefix)
OLAH = VENV / "lmeval-olah" / "bin" / "olah-cli"
HUB_LIBS = VENV / "lmeval-hub-libs"
_GIT_ENV = {"GIT_AUTHOR_NAME": "lmeval", "GIT_AUTHOR_EMAIL": "lmeval@example.org",
            "GIT_COMMITTER_NAME": "lmeval", "GIT_COMMITTER_EMAIL": "lmeval@example.org"}


def missing() -> str | None:
    """Why the Hub-path tests cannot run here, None when they can."""
    if not OLAH.exists():
        return f"olah is not installed at {OLAH} (bash packages/lmeval-hf/ci-setup.sh)"
    if not (HUB_LIBS / "datasets").is_dir():
        return f"HF datasets is not installed at {HUB_LIBS} (bash packages/lmeval-hf/ci-setup.sh)"
    if shutil.which("git") is None:
        return "git is not installed"
    return None


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True, env={**os.environ, **_GIT_ENV}).stdout.strip()


def commit_all(repo: Path, message: str) -> str:
    """Commit everything in ``repo`` (a new repository on branch ``main`` at first); its sha."""
    if not (repo / ".git").exists():
        git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


def dataset_card(configs: dict[str, dict[str, str]]) -> str:
    """A dataset README whose ``configs`` block maps each config's splits to data files."""
    lines = ["---", "configs:"]
    for name, splits in configs.items():
        lines += [f"- config_name: {name}", "  data_files:"]
        for split, path in splits.items():
            lines += [f"  - split: {split}", f"    path: {path}"]
    return "\n".join(lines + ["---", "", "A test fixture published for lmeval's Hub-path tests.", ""])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except Exception:  # noqa: BLE001 - not up yet
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


class OlahServer:
    """olah on a free port of 127.0.0.1, offline, serving the git repos under ``mirror``."""

    def __init__(self, mirror: Path, workdir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        workdir.mkdir(parents=True, exist_ok=True)
        config = workdir / "olah.toml"
        config.write_text(
            f'[basic]\nhost = "127.0.0.1"\nport = {self.port}\nrepos-path = "{workdir / "repos"}"\n'
            f'mirrors-path = ["{mirror}"]\n[accessibility]\noffline = true\n')
        self.log = workdir / "olah.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen([str(OLAH), "-c", str(config)], cwd=workdir,
                                            stdout=log, stderr=subprocess.STDOUT)

    def wait(self, probe: str) -> None:
        wait_for(f"{self.url}{probe}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class CuttingProxy:
    """Forwards to ``upstream``; the first GET of a path ending in ``cut_suffix`` gets half its
    body, then the connection drops and the proxy stops listening: a server that goes away in
    the middle of a download."""

    def __init__(self, upstream_port: int, cut_suffix: str) -> None:
        self.cut = threading.Event()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _forward(self, method: str) -> None:
                conn = http.client.HTTPConnection("127.0.0.1", upstream_port, timeout=60)
                headers = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                conn.request(method, self.path, headers=headers)
                reply = conn.getresponse()
                body = reply.read()
                cutting = (method == "GET" and self.path.split("?")[0].endswith(cut_suffix)
                           and not proxy.cut.is_set() and reply.status == 200)
                self.send_response(reply.status)
                for key, value in reply.getheaders():
                    if key.lower() not in ("transfer-encoding", "connection", "content-length"):
                        self.send_header(key, value)
                length = reply.getheader("Content-Length") if method == "HEAD" else None
                self.send_header("Content-Length", length or str(len(body)))
                self.end_headers()
                if method == "HEAD":
                    return
                if cutting:
                    proxy.cut.set()
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    threading.Thread(target=proxy.server.shutdown, daemon=True).start()
                    return
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802
                self._forward("GET")

            def do_HEAD(self) -> None:  # noqa: N802
                self._forward("HEAD")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        self.server.serve_forever()
        self.server.server_close()  # the port is closed: later connections are refused

    def stop(self) -> None:
        if not self.cut.is_set():
            self.server.shutdown()
        self.thread.join(10)
