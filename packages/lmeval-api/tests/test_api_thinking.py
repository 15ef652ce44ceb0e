"""local-chat-completions with ``think_end_token`` against a real HTTP server on 127.0.0.1: a
reasoning model that runs out of tokens (``finish_reason: length``) before ``</think>`` is
counted per task in the results JSON, the table footnotes and an end-of-run warning."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from lmeval.cli import main

TASKS = Path(__file__).parent / "tasks"


class ReasoningChat(BaseHTTPRequestHandler):
    """Thinks ``len(question) - 18`` words; answers only if they fit in ``max_tokens``."""

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        budget = int(body["max_tokens"])
        question = body["messages"][-1]["content"]
        thought = len(question) - 18
        words = [f"hmm{i}" for i in range(thought)] + ["</think>", "The", "answer"]
        cut = len(words) > budget
        content = " ".join(words[:budget])
        reply = {"id": "x", "object": "chat.completion", "model": body["model"],
                 "choices": [{"index": 0, "finish_reason": "length" if cut else "stop",
                              "message": {"role": "assistant", "content": content}}],
                 "usage": {"prompt_tokens": 5, "completion_tokens": min(budget, len(words)),
                           "total_tokens": 5 + min(budget, len(words))}}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def _cut(entry: dict) -> bool:
    """The budget (16) ends before ``</think>``: 16 or more words of thinking."""
    return len(entry["arguments"]["gen_args_0"]["arg_0"][-1]["content"]) - 18 >= 16


@pytest.fixture
def reasoning_server():
    server = ThreadingHTTPServer(("127.0.0.1", 0), ReasoningChat)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_chat_generations_cut_off_while_thinking_are_reported(reasoning_server, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "out"
    code = main(["run", "--model", "local-chat-completions", "--model_args",
                 f"base_url={reasoning_server}/v1/chat/completions,model=r,think_end_token=</think>",
                 "--tasks", "api_gen", "--include_path", str(TASKS), "--apply_chat_template",
                 "--gen_kwargs", "max_gen_toks=16", "--output_path", str(out), "--log_samples"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    results = json.loads(next(out.rglob("results_*.json")).read_text())
    thinking = results["generation_stats"]["api_gen"]["thinking"]
    samples = [json.loads(x) for x in next(out.rglob("samples_api_gen_*.jsonl")).open()]
    expected = sum(_cut(e) for e in samples)
    assert 0 < expected < len(samples)
    assert thinking["cut_off_in_thinking"] == expected and thinking["traced"] == len(samples)
    assert thinking["max_gen_toks"] == 16
    assert all(e["resps"][0][0].startswith("hmm0") for e in samples if _cut(e))
    assert "ran out of tokens inside the thinking section" in captured.out
    assert captured.err.strip().splitlines()[-1].startswith("lmeval: warning: api_gen:")
