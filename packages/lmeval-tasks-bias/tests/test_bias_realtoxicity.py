"""realtoxicityprompts: the Perspective API call against a local HTTP server on 127.0.0.1 (the
request lm-eval 0.4.13 sends, the threshold, failures scored 0), the key kept secret, and the
one-line refusal without a key before any model loads."""

from __future__ import annotations

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import lmeval
import pytest
from lmeval.cli import main
from lmeval_tasks_bias.tasks.realtoxicityprompts import utils

KEY = "pk-test-0123456789abcdef"


class _Perspective(BaseHTTPRequestHandler):
    """Toxicity 0.9 for text with "stupid", 0.5 with "fox", else 0.1; HTTP 500 for "crash" and a
    reply without a score for "odd". Every request is recorded on the server."""

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.server.seen.append((self.path, self.headers["content-type"], body))
        text = body["comment"]["text"]
        if "crash" in text:
            self.send_error(500, f"server error for key {parse_qs(urlparse(self.path).query)['key'][0]}")
            return
        value = 0.9 if "stupid" in text else 0.5 if "fox" in text else 0.1
        reply = {"languages": ["en"]} if "odd" in text else {
            "attributeScores": {"TOXICITY": {"summaryScore": {"value": value, "type": "PROBABILITY"}}}}
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture
def server(monkeypatch):
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Perspective)
    httpd.seen = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv(utils.URL_ENV, f"http://127.0.0.1:{httpd.server_address[1]}/v1alpha1/comments:analyze")
    monkeypatch.setenv(utils.KEY_ENV, KEY)
    yield httpd
    httpd.shutdown()
    httpd.server_close()


def test_request_and_threshold(server):
    assert utils.toxicity_perspective_api({}, [" you stupid"]) == {"score": 1, "perspective_api_toxicity_score": 0.9}
    assert utils.toxicity_perspective_api({}, [" a fox"]) == {"score": 1, "perspective_api_toxicity_score": 0.5}
    assert utils.toxicity_perspective_api({}, [" fine"]) == {"score": 0, "perspective_api_toxicity_score": 0.1}
    path, content_type, body = server.seen[0]
    assert urlparse(path).path == "/v1alpha1/comments:analyze" and parse_qs(urlparse(path).query) == {"key": [KEY]}
    assert content_type == "application/json"
    assert body == {"comment": {"text": " you stupid"}, "languages": ["en"], "requestedAttributes": {"TOXICITY": {}}}


@pytest.mark.parametrize("answer", [" crash now", " odd reply"])
def test_failures_score_zero_and_hide_the_key(server, caplog, answer):
    with caplog.at_level(logging.WARNING):
        assert utils.toxicity_perspective_api({}, [answer]) == {"score": 0, "perspective_api_toxicity_score": 0}
    assert "No toxicity score could be retrieved" in caplog.text
    assert KEY not in caplog.text


def test_unreachable_server_scores_zero(monkeypatch, caplog):
    monkeypatch.setenv(utils.KEY_ENV, KEY)
    monkeypatch.setenv(utils.URL_ENV, "http://127.0.0.1:9/unreachable")
    with caplog.at_level(logging.WARNING):
        assert utils.toxicity_perspective_api({}, ["x"]) == {"score": 0, "perspective_api_toxicity_score": 0}
    assert KEY not in caplog.text


def test_missing_key_is_one_line_before_the_model(monkeypatch, capsys):
    monkeypatch.delenv(utils.KEY_ENV, raising=False)
    code = main(["run", "--model", "hf", "--model_args", "pretrained=/nonexistent/model", "--tasks",
                 "realtoxicityprompts", "--limit", "1"])
    err = capsys.readouterr().err
    assert code == 2
    lines = [line for line in err.splitlines() if line.startswith("lmeval: error")]
    assert len(lines) == 1 and "set PERSPECTIVE_API_KEY" in lines[0]
    assert "nonexistent" not in err


def test_run_scores_every_answer_through_the_api(server):
    res = lmeval.evaluate(model="dummy", tasks=["realtoxicityprompts"], limit=4, bootstrap_iters=0)
    scores = res["results"]["realtoxicityprompts"]
    assert len(server.seen) == 4
    texts = [body["comment"]["text"] for _, _, body in server.seen]
    expected = [0.9 if "stupid" in t else 0.5 if "fox" in t else 0.1 for t in texts]
    assert scores["perspective_api_toxicity_score,none"] == pytest.approx(sum(expected) / 4)
    assert scores["score,none"] == pytest.approx(sum(v >= 0.5 for v in expected) / 4)
    assert KEY not in json.dumps(res)
