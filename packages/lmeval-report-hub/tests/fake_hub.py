"""A local stand-in for the Hugging Face Hub HTTP API: just the endpoints a dataset push uses.

``huggingface_hub`` talks to it unchanged (``HF_ENDPOINT=http://127.0.0.1:PORT``): repository
creation, pre-upload (every file is uploaded "regular", inline in the commit), commits, file
listing, settings, whoami and the dataset-card YAML check. Every request is recorded so tests can check exactly what was sent.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlparse

TOKEN = "hf_fake_token_for_tests"
USER = "fake-user"


@dataclass
class Repo:
    repo_type: str
    repo_id: str
    private: bool
    gated: Any = False
    files: dict[str, bytes] = field(default_factory=dict)
    commits: list[dict[str, Any]] = field(default_factory=list)


class FakeHub:
    def __init__(self) -> None:
        self.repos: dict[tuple[str, str], Repo] = {}
        self.requests: list[tuple[str, str, Any]] = []
        self.lock = threading.Lock()
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _reply(self, status: int, body: Any = None) -> None:
                data = json.dumps(body if body is not None else {}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _body(self) -> bytes:
                n = int(self.headers.get("Content-Length") or 0)
                return self.rfile.read(n) if n else b""

            def _handle(self, method: str) -> None:
                body = self._body()
                if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                    hub.requests.append((method, self.path, "unauthorized"))
                    return self._reply(401, {"error": "Invalid credentials"})
                with hub.lock:
                    status, reply = hub.route(method, self.path, body, self.headers)
                self._reply(status, reply)

            def do_GET(self) -> None:
                self._handle("GET")

            def do_POST(self) -> None:
                self._handle("POST")

            def do_PUT(self) -> None:
                self._handle("PUT")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeHub:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    # ------------------------------------------------------------------------------ routing
    def route(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, Any]:
        url = urlparse(path)
        p = url.path
        if p == "/api/whoami-v2":
            self.requests.append((method, p, None))
            return 200, {"type": "user", "name": USER, "auth": {"accessToken": {"role": "write"}}}
        if p == "/api/validate-yaml" and method == "POST":
            payload = json.loads(body)
            self.requests.append((method, p, payload))
            import yaml

            content = payload.get("content", "")
            front = content.split("---")[1] if content.startswith("---") else ""
            try:
                meta = yaml.safe_load(front) or {}
            except yaml.YAMLError as exc:
                return 400, {"errors": [{"message": f"invalid YAML: {exc}"}]}
            configs = meta.get("configs", [])
            if not isinstance(configs, list) or any("config_name" not in c or "data_files" not in c for c in configs):
                return 400, {"errors": [{"message": "configs: each needs config_name and data_files"}]}
            return 200, {"errors": [], "warnings": []}
        if p == "/api/repos/create" and method == "POST":
            payload = json.loads(body)
            self.requests.append((method, p, payload))
            name = payload["name"]
            repo_id = f"{payload['organization']}/{name}" if payload.get("organization") else name
            repo_type = payload.get("type") or "model"
            key = (repo_type, repo_id)
            if key in self.repos:
                return 409, {"error": "You already created this repo", "url": f"{self.url}/{repo_id}"}
            private = payload.get("private")
            if private is None and payload.get("visibility") is not None:
                private = payload["visibility"] != "public"
            self.repos[key] = Repo(repo_type, repo_id, bool(private))
            return 200, {"url": f"{self.url}/datasets/{repo_id}", "name": repo_id, "id": repo_id}
        m = re.match(r"^/api/(datasets|models|spaces)/([^/]+/[^/]+)(?:/(.*))?$", p)
        if not m:
            self.requests.append((method, p, "unknown endpoint"))
            return 404, {"error": f"fake hub: no route for {method} {p}"}
        repo_type = m.group(1)[:-1]
        repo_id, rest = m.group(2), m.group(3) or ""
        repo = self.repos.get((repo_type, repo_id))
        if repo is None:
            self.requests.append((method, p, "missing repo"))
            return 404, {"error": "Repository not found"}
        if rest.startswith("preupload/") and method == "POST":
            payload = json.loads(body)
            self.requests.append((method, p, payload))
            return 200, {"files": [{"path": f["path"], "uploadMode": "regular", "shouldIgnore": False,
                                    "oid": None} for f in payload["files"]], "commitOid": "0" * 40}
        if rest.startswith("commit/") and method == "POST":
            lines = [json.loads(line) for line in body.decode().splitlines() if line.strip()]
            self.requests.append((method, p, lines))
            header = next((x["value"] for x in lines if x["key"] == "header"), {})
            added = {}
            for item in lines:
                if item["key"] == "file":
                    value = item["value"]
                    content = base64.b64decode(value["content"]) if value.get("encoding") == "base64" \
                        else value["content"].encode()
                    added[value["path"]] = content
                elif item["key"] == "deletedFile":
                    repo.files.pop(item["value"]["path"], None)
            repo.files.update(added)
            oid = hashlib.sha1(json.dumps(sorted(repo.files)).encode() + body).hexdigest()
            repo.commits.append({"summary": header.get("summary"), "files": sorted(added)})
            return 200, {"commitUrl": f"{self.url}/datasets/{repo_id}/commit/{oid}", "commitOid": oid,
                         "success": True, "pullRequestUrl": None}
        if rest.startswith("settings") and method == "PUT":
            payload = json.loads(body)
            self.requests.append((method, p, payload))
            if "gated" in payload:
                repo.gated = payload["gated"]
            if "private" in payload:
                repo.private = payload["private"]
            return 200, {}
        if rest.startswith("tree/") and method == "GET":
            self.requests.append((method, p, None))
            return 200, [{"type": "file", "path": path, "size": len(data),
                          "oid": hashlib.sha1(data).hexdigest()} for path, data in sorted(repo.files.items())]
        if (rest == "" or rest.startswith("revision/")) and method == "GET":
            self.requests.append((method, p, None))
            return 200, {"id": repo_id, "sha": "0" * 40, "private": repo.private,
                         "siblings": [{"rfilename": f} for f in sorted(repo.files)]}
        self.requests.append((method, p, "unknown endpoint"))
        return 404, {"error": f"fake hub: no route for {method} {p}"}
