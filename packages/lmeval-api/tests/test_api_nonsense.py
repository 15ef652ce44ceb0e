"""Nonsense from a server is an error, not a score; credentials in model args reach no output.

Against the fault server (a real HTTP server on 127.0.0.1): every impossible answer of
``lmeval_testkit.api.NONSENSE`` fails at once (no retry) in one line naming the request and the
value the server sent; ``timeout=0`` and malformed ``header=`` strings are refused without
echoing a key; ``lmeval run`` with a bearer header, a key in the URL query and URL user-info
writes none of them anywhere, and a rerun resumes from the cache.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
from lmeval_api.completions import LocalCompletionsLM
from lmeval_api.transport import ApiError
from lmeval_testkit.api import NONSENSE, Fault

TASKS = str(Path(__file__).parent / "tasks")
FAST = {"backoff_base": 0.01, "backoff_max": 0.05}
BEARER = "sk-header-bearer-0123456789"
QUERY_KEY = "query-key-SECRET-98765"
URL_PASSWORD = "url-pass-SECRET-4321"

#: what each impossible answer's error must show of what the server sent
SHOWN = {
    "positive_logprob": "= 0.7 (a log-probability is at most 0)",
    "nan_logprob": "= nan (a log-probability must be finite)",
    "inf_logprob": "= -inf (a log-probability must be finite)",
    "no_top_logprobs": "top_logprobs for positions",
    "short_top_logprobs": "(got 1 positions)",
    "empty_top_logprobs": "= {}; is_greedy needs",
    "positive_top_logprob": "['999'] = 2.5 (a log-probability is at most 0)",
}


def make_lm(server, tiny_tokenizer, **kw) -> LocalCompletionsLM:
    args = dict(base_url=server.url + "/v1/completions", model="fake", tokenizer=str(tiny_tokenizer),
                num_concurrent=2, max_retries=3, timeout=5.0, **FAST)
    args.update(kw)
    return LocalCompletionsLM(**args)


def test_nonsense_kinds_are_all_covered():
    assert set(SHOWN) == set(NONSENSE)


@pytest.mark.parametrize("kind", NONSENSE)
def test_impossible_loglikelihood_fails_at_once_naming_request_and_value(server, tiny_tokenizer, kind):
    lm = make_lm(server, tiny_tokenizer)
    reqs = [LoglikelihoodRequest("Question: is the sun a star?\nAnswer:", " yes")]
    assert lm.loglikelihood(reqs)[0][0] < 0  # the sane server first: a real answer
    server.reset_counts()
    server.fault = lambda key, attempt: Fault(kind)
    with pytest.raises(ApiError) as err:
        lm.loglikelihood(reqs)
    message = str(err.value)
    assert len(server.hits) == 1  # not retried: a server that computes nonsense does so again
    assert "\n" not in message
    assert "loglikelihood request to http://127.0.0.1" in message
    assert "the server sent an impossible answer" in message
    assert SHOWN[kind] in message, message
    assert "request 0: context '...sun a star?\\nAnswer:' + continuation ' yes'" in message or \
        "request 0: context 'Question: is the sun a star?\\nAnswer:' + continuation ' yes'" in message


@pytest.mark.parametrize("kind", ["positive_logprob", "nan_logprob", "inf_logprob"])
def test_impossible_rolling_answer_never_becomes_a_score(server, tiny_tokenizer, kind):
    lm = make_lm(server, tiny_tokenizer)
    server.fault = lambda key, attempt: Fault(kind)
    with pytest.raises(ApiError, match="impossible answer") as err:
        lm.loglikelihood_rolling([RollingRequest("A page of text that is scored whole.")])
    assert "loglikelihood_rolling request" in str(err.value)
    assert "request 0: text 'A page of text that is scored whole.'" in str(err.value)


def test_float_noise_at_zero_is_accepted(server, tiny_tokenizer):
    """A log-softmax in float32 can give +1e-7 for a certain token: that is not nonsense."""
    from lmeval_api.transport import check_logprob

    assert check_logprob(5e-8, "x") == 5e-8
    assert check_logprob(0, "x") == 0.0
    with pytest.raises(Exception, match="at most 0"):
        check_logprob(0.01, "x")
    assert math.isinf(-math.inf)
    with pytest.raises(Exception, match="finite"):
        check_logprob(-math.inf, "x")


def test_generation_names_the_request_on_failure(server, tiny_tokenizer):
    lm = make_lm(server, tiny_tokenizer, max_retries=1)
    server.fault = lambda key, attempt: Fault("status", status=500)
    with pytest.raises(ApiError, match=r"HTTP 500.*\[request 0: context 'Say hi'\]"):
        lm.generate_until([GenerateRequest.make("Say hi", {"until": ["\n"], "max_gen_toks": 2})])


@pytest.mark.parametrize("timeout", [0, "0", -1, "nan", "inf", "soon"])
def test_timeout_zero_negative_or_not_a_number_is_refused(server, tiny_tokenizer, timeout):
    with pytest.raises(UsageError, match="timeout must be"):
        make_lm(server, tiny_tokenizer, timeout=timeout)


@pytest.mark.parametrize("header", [
    f"Bearer {BEARER}",
    f"Authorization Bearer {BEARER}",
    f"X-Team: eval; Bearer {BEARER}",
    f"{BEARER}",
    f": {BEARER}",
])
def test_malformed_header_is_refused_without_echoing_it(server, tiny_tokenizer, header):
    with pytest.raises(UsageError, match="header must be") as err:
        make_lm(server, tiny_tokenizer, header=header)
    assert BEARER not in str(err.value)


def test_header_and_url_credentials_reach_the_server(server, tiny_tokenizer):
    url = server.url.replace("http://", f"http://alice:{URL_PASSWORD}@") + \
        f"/v1/completions?api_key={QUERY_KEY}"
    lm = make_lm(server, tiny_tokenizer, base_url=url, header=f"X-Api-Key: {BEARER}")
    lm.generate_until([GenerateRequest.make("x", {"max_gen_toks": 2})])
    hit = server.hits[-1]
    assert hit.x_api_key == BEARER and hit.authorization.startswith("Basic ")
    text = json.dumps(lm.identity()) + repr(lm)
    for secret in (BEARER, QUERY_KEY, URL_PASSWORD):
        assert secret not in text


def _lmeval(model_args: str, tasks: str, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), "TOKENIZERS_PARALLELISM": "false"}
    env.pop("OPENAI_API_KEY", None)
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", "local-completions",
           "--model_args", model_args, "--tasks", tasks, "--include_path", TASKS,
           "--output_path", str(tmp_path / "out"), "--log_samples",
           "--use_cache", str(tmp_path / "cache"), "--verbosity", "DEBUG", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def test_lmeval_run_writes_no_credential_and_resumes(fault_server, tiny_tokenizer, tmp_path):
    fault_server.reset_counts()
    # the first attempt of each request gets a 500 that repeats the credentials it received
    fault_server.fault = lambda key, attempt: Fault("echo_auth", status=500) if attempt == 1 else Fault()
    base = fault_server.url.replace("http://", f"http://alice:{URL_PASSWORD}@")
    args = (f"base_url={base}/v1/completions?api_key={QUERY_KEY}&region=eu,model=m,"
            f"tokenizer={tiny_tokenizer},num_concurrent=2,backoff_base=0.01,"
            f"header=X-Api-Key: {BEARER}")
    try:
        first = _lmeval(args, "api_gen,api_mc", tmp_path)
        fault_server.fault = None
        sent = len(fault_server.hits)
        second = _lmeval(args, "api_gen,api_mc", tmp_path)
    finally:
        fault_server.fault = None
    assert first.returncode == 0, first.stderr[-3000:]
    assert second.returncode == 0, second.stderr[-3000:]
    assert len(fault_server.hits) == sent  # the rerun sent nothing: every answer was cached
    assert any(h.x_api_key == BEARER for h in fault_server.hits)  # the key did reach the server
    assert "retrying" in first.stderr and "***" in first.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name.startswith("samples_") for p in written)
    outputs = [first.stdout, first.stderr, second.stdout, second.stderr,
               *(p.read_bytes().decode("utf-8", "replace") for p in written)]
    for secret in (BEARER, QUERY_KEY, URL_PASSWORD):
        for text in outputs:
            assert secret not in text
    (result,) = [p for p in written if p.name.startswith("results_")][:1]
    model_args = str(json.loads(result.read_text())["config"]["model_args"])  # a dict from the CLI
    assert "http://***@127.0.0.1" in model_args and "api_key=***&region=eu" in model_args
    assert "X-Api-Key: ***" in model_args


def test_lmeval_run_reports_nonsense_in_one_line(fault_server, tiny_tokenizer, tmp_path):
    fault_server.reset_counts()
    fault_server.fault = lambda key, attempt: Fault("positive_logprob")
    args = f"base_url={fault_server.url}/v1/completions,model=m,tokenizer={tiny_tokenizer}"
    try:
        proc = _lmeval(args, "api_ppl", tmp_path)
    finally:
        fault_server.fault = None
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("lmeval: error: loglikelihood_rolling request to http://127.0.0.1:")
    assert "impossible answer: token_logprobs[" in last and "= 0.7" in last and "[request " in last
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("results_*.json"))


@pytest.mark.parametrize("model_args,expected", [
    ("timeout=0", "timeout must be a positive number"),
    (f"header=Authorization Bearer {BEARER}", "header must be"),
])
def test_lmeval_run_refuses_bad_api_args_without_echoing(fault_server, tmp_path, model_args,
                                                         expected):
    args = f"base_url={fault_server.url}/v1/chat/completions,model=m,{model_args}"
    env = {**os.environ, "LMEVAL_CACHE_DIR": str(tmp_path / "idx")}
    proc = subprocess.run([sys.executable, "-m", "lmeval", "run", "--model", "local-chat-completions",
                           "--model_args", args, "--tasks", "api_gen", "--include_path", TASKS],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 2, proc.stderr
    assert expected in proc.stderr and BEARER not in proc.stderr + proc.stdout
