"""``textsynth`` against a TextSynth-speaking server on 127.0.0.1 (the fault server's
``/v1/engines/{engine}/logprob`` and ``/completions``): payloads, answers, faults, keys."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lmeval.backend.generation import cut_at_stop
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RequestKind, RollingRequest
from lmeval_api.textsynth import TextSynthLM
from lmeval_api.transport import ApiError
from lmeval_testkit.api import NONSENSE, Fault, FaultServer
from lmeval_testkit.api import TEST_API_KEY as SECRET

TASKS = str(Path(__file__).parent / "tasks")
FAST = {"backoff_base": 0.01, "backoff_max": 0.05}
FAULTS = [Fault("status", status=429, retry_after=0.2), Fault("status", status=500),
          Fault("status", status=503, retry_after=0.1), Fault("status", status=502),
          Fault("reset"), Fault("cut"), Fault("badjson"), Fault("malformed"),
          Fault("slow", seconds=0.05), Fault("hang"), Fault("delay", seconds=0.3)]
REQS = [
    LoglikelihoodRequest("Question: is the sun a star?\nAnswer:", " yes"),
    LoglikelihoodRequest("Question: is the sun a star?\nAnswer:", " no"),
    LoglikelihoodRequest("The cat sat on the", " mat."),
    LoglikelihoodRequest("", "Hello world"),
    LoglikelihoodRequest("Ünïcödé context ", "→ and more"),
    LoglikelihoodRequest("water", " light sun moon river"),
]


def first_attempt_faults(key: str, attempt: int) -> Fault:
    return Fault() if attempt > 1 else FAULTS[int(key, 16) % len(FAULTS)]


def make_lm(server: FaultServer, **kw) -> TextSynthLM:
    args = dict(engine="fake_engine", base_url=server.url, num_concurrent=4, max_retries=3,
                timeout=1.0, **FAST)
    args.update(kw)
    return TextSynthLM(**args)


def expected(server: FaultServer, reqs) -> list[tuple[float, bool]]:
    """What the server's model gives each pair (texts as bytes, empty context = token 0)."""
    return [server.model.score(list(r.context.encode()) or [0], list(r.continuation.encode()))
            for r in reqs]


def expected_text(server: FaultServer, engine: str, prompt: str, max_tokens: int,
                  until: list[str]) -> str:
    return cut_at_stop(server.model.text([engine, prompt], max_tokens, until[:5]), until)


def test_loglikelihood_posts_context_and_continuation_to_logprob(server, monkeypatch):
    monkeypatch.setenv("TEXTSYNTH_API_SECRET_KEY", SECRET)
    lm = make_lm(server)
    assert lm.loglikelihood(REQS) == expected(server, REQS)
    assert {h.path for h in server.hits} == {"/v1/engines/fake_engine/logprob"}
    assert all(h.authorization == f"Bearer {SECRET}" for h in server.hits)


def test_generation_is_greedy_with_the_task_stops_and_length(server):
    lm = make_lm(server)
    bodies = []
    reqs = [GenerateRequest.make(f"Prompt {i}:", {"until": ["\n\n", "Q:"], "max_gen_toks": 6})
            for i in range(5)]
    original = server.answer

    def spy(path, req):
        bodies.append((path, req))
        return original(path, req)

    server.answer = spy
    try:
        got = lm.generate_until(reqs)
    finally:
        server.answer = original
    assert got == [expected_text(server, "fake_engine", r.context, 6, ["\n\n", "Q:"])
                   for r in reqs]
    assert all("\n\n" not in g for g in got) and any(g for g in got)
    for path, body in bodies:
        assert path == "/v1/engines/fake_engine/completions"
        assert body["top_k"] == 1 and body["max_tokens"] == 6
        assert body["stop"] == ["\n\n", "Q:"] and "temperature" not in body


def test_sampling_arguments_and_more_than_five_stops(server):
    lm = make_lm(server, seed=7)
    stops = ["a1", "b2", "c3", "d4", "e5", "\n\n"]
    payload, all_stops = lm.completion_payload(GenerateRequest.make(
        "x", {"until": stops, "do_sample": True, "temperature": 0.7, "top_p": 0.9,
              "max_new_tokens": 9}))
    assert payload == {"prompt": "x", "max_tokens": 9, "stop": stops[:5], "temperature": 0.7,
                       "top_p": 0.9, "seed": 7}
    assert all_stops == stops
    # the sixth stop string is cut here: the fake model emits "\n\nQuestion:" as word 4
    (text,) = lm.generate_until([GenerateRequest.make("y", {"until": stops,
                                                           "max_gen_toks": 8})])
    assert "\n\n" not in text
    greedy, _ = lm.completion_payload(GenerateRequest.make("x", {"do_sample": False,
                                                                "temperature": 0.7}))
    assert greedy["top_k"] == 1 and "temperature" not in greedy


@pytest.mark.parametrize("loop", ["default", "asyncio"])
def test_every_fault_kind_is_retried_and_no_answer_is_wrong(server, loop, monkeypatch):
    if loop == "asyncio":
        monkeypatch.setenv("LMEVAL_API_EVENT_LOOP", "asyncio")
    server.fault = first_attempt_faults
    reqs = REQS + [LoglikelihoodRequest(f"Question {i}: {i} + {i} =", f" {2 * i}")
                   for i in range(24)]
    lm = make_lm(server, num_concurrent=8)
    assert lm.loglikelihood(reqs) == expected(server, reqs)
    first = {h.key: h.fault for h in server.hits if h.attempt == 1}
    retried = {h.key for h in server.hits if h.attempt == 2}
    assert retried == {k for k, f in first.items() if f not in ("ok", "delay")}
    assert {h.fault for h in server.hits} >= {"status", "reset", "cut", "badjson", "malformed",
                                             "slow", "hang"}
    assert lm.last_stats.retries == len(retried)


def test_generation_under_faults(server):
    server.fault = first_attempt_faults
    lm = make_lm(server, num_concurrent=8)
    reqs = [GenerateRequest.make(f"Prompt number {i}:", {"until": ["\n\n"], "max_gen_toks": 6})
            for i in range(16)]
    assert lm.generate_until(reqs) == [
        expected_text(server, "fake_engine", r.context, 6, ["\n\n"]) for r in reqs]
    assert {h.fault for h in server.hits} - {"ok"}


def test_persistent_failures_fail_loudly_and_keep_the_other_answers(server):
    lm = make_lm(server, max_retries=2, timeout=0.5)
    lm.loglikelihood(REQS[:1])
    bad = server.hits[-1].key
    server.reset_counts()
    server.fault = lambda key, attempt: Fault("status", status=500) if key == bad else Fault()
    streamed = {}
    with pytest.raises(ApiError, match="HTTP 500") as err:
        with lm.answers_to(lambda answers: streamed.update(answers)):
            lm.loglikelihood(REQS)
    assert "after 2 attempt(s)" in str(err.value) and "is the sun a star" in str(err.value)
    assert sorted(streamed) == list(range(1, len(REQS)))
    assert [streamed[i] for i in range(1, len(REQS))] == expected(server, REQS[1:])
    server.fault = lambda key, attempt: Fault("hang")
    start = time.monotonic()
    with pytest.raises(ApiError, match="timeout"):
        lm.generate_until([GenerateRequest.make("x", {"until": ["\n"]})])
    # two attempts of 0.5 s; a client that ignored timeout= would hang here (the server never
    # answers), so a generous bound still tells the two apart on a loaded machine
    assert time.monotonic() - start < 10


def test_retry_after_is_honoured(server):
    server.fault = lambda key, attempt: (Fault("status", status=429, retry_after=0.6)
                                         if attempt == 1 else Fault())
    make_lm(server, timeout=5.0).loglikelihood(REQS[:1])
    first, second = server.hits
    assert second.attempt == 2 and second.time - first.time >= 0.6


@pytest.mark.parametrize("kind", ["positive_logprob", "nan_logprob", "inf_logprob"])
def test_impossible_logprob_fails_at_once_naming_the_request(server, kind):
    assert kind in NONSENSE
    server.fault = lambda key, attempt: Fault(kind)
    with pytest.raises(ApiError, match="impossible answer") as err:
        make_lm(server).loglikelihood(REQS[2:3])
    assert len(server.hits) == 1  # not retried
    assert "The cat sat on the" in str(err.value) and "logprob" in str(err.value)


def test_concurrency_is_bounded_and_used():
    with FaultServer(latency=0.2) as server:
        lm = make_lm(server, num_concurrent=8, timeout=5.0)
        reqs = [LoglikelihoodRequest(f"c{i}", " x") for i in range(32)]
        lm.loglikelihood(reqs)
        assert server.max_inflight == 8
        span = server.hits[-1].time - server.hits[0].time
    # serial: 32 arrivals over 31 * 0.2 s; 8 at a time: 3 waves of 0.2 s plus the client's
    # turnaround. Measured at the server: the client's first-call set-up does not count.
    assert span < 31 * 0.2 / 2, span


def test_keys_are_redacted_and_the_hosted_api_needs_one(server, monkeypatch, caplog):
    monkeypatch.delenv("TEXTSYNTH_API_SECRET_KEY", raising=False)
    with pytest.raises(UsageError, match="TEXTSYNTH_API_SECRET_KEY"):
        TextSynthLM(engine="mistral_7B")
    assert make_lm(server).loglikelihood(REQS[:1])  # a local server may run without a key
    monkeypatch.setenv("TEXTSYNTH_API_SECRET_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    lm = make_lm(server)
    server.fault = lambda key, attempt: Fault("echo_auth", status=500) if attempt == 1 else Fault()
    lm.generate_until([GenerateRequest.make("hello", {"until": ["\n"]})])
    assert "retrying" in caplog.text and SECRET not in caplog.text
    server.fault = lambda key, attempt: Fault("echo_auth", status=401)
    with pytest.raises(ApiError, match="HTTP 401") as err:
        lm.loglikelihood(REQS[:1])
    assert SECRET not in str(err.value) and "***" in str(err.value)
    assert SECRET not in repr(lm) and SECRET not in json.dumps(lm.identity(), default=str)


def test_rolling_is_refused_before_any_request_as_in_lm_eval(server):
    lm = make_lm(server)
    assert RequestKind.LOGLIKELIHOOD_ROLLING not in lm.supported_kinds
    with pytest.raises(Exception, match="rolling windows"):
        lm.check_supports({RequestKind.LOGLIKELIHOOD_ROLLING})
    with pytest.raises(Exception, match="not supported"):
        lm.loglikelihood_rolling([RollingRequest("text")])
    assert not server.hits


def test_model_args_errors(server):
    with pytest.raises(UsageError, match="engine="):
        TextSynthLM(base_url=server.url)
    with pytest.raises(UsageError, match="API root"):
        TextSynthLM(engine="e", base_url=server.url + "/v1/engines/e/completions")
    with pytest.raises(UsageError, match="empty continuation"):
        make_lm(server).loglikelihood([LoglikelihoodRequest("ctx", "")])
    assert TextSynthLM(model="other", base_url=server.url).engine == "other"  # `model=` too
    a, b = make_lm(server), make_lm(server, num_concurrent=9, timeout=3.0)
    assert a.identity() == b.identity()  # transport settings are cache-neutral
    assert a.identity() != make_lm(server, engine="other").identity()


def _run(fault_server, tmp_path, tasks, extra=(), env_extra=None):
    args = f"engine=fake_engine,base_url={fault_server.url},num_concurrent=2,backoff_base=0.01"
    env = {**os.environ, "TEXTSYNTH_API_SECRET_KEY": SECRET,
           "LMEVAL_CACHE_DIR": str(tmp_path / "idx"), **(env_extra or {})}
    cmd = [sys.executable, "-m", "lmeval", "run", "--model", "textsynth", "--model_args", args,
           "--tasks", tasks, "--include_path", TASKS, "--output_path", str(tmp_path / "out"),
           "--log_samples", "--use_cache", str(tmp_path / "cache"), "--verbosity", "DEBUG",
           *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env)


def test_lmeval_run_writes_no_key_and_resumes_from_the_cache(fault_server, tmp_path):
    fault_server.reset_counts()
    fault_server.fault = lambda key, attempt: Fault("echo_auth", status=500) if attempt == 1 else Fault()
    try:
        proc = _run(fault_server, tmp_path, "api_mc,api_gen")
    finally:
        fault_server.fault = None
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert any(h.attempt == 2 for h in fault_server.hits)
    assert any(SECRET in (h.authorization or "") for h in fault_server.hits)
    assert SECRET not in proc.stdout + proc.stderr and "***" in proc.stderr
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any("samples" in p.name for p in written)
    for p in written:
        assert SECRET.encode() not in p.read_bytes(), p
    (results,) = (tmp_path / "out").rglob("results_*.json")
    data = json.loads(results.read_text())
    assert set(data["results"]) == {"api_mc", "api_gen"}
    fault_server.reset_counts()
    again = _run(fault_server, tmp_path, "api_mc,api_gen")
    assert again.returncode == 0, again.stderr[-3000:]
    assert not fault_server.hits  # every answer came from the response cache


def test_lmeval_run_refuses_rolling_tasks_in_one_line(fault_server, tmp_path):
    fault_server.reset_counts()
    proc = _run(fault_server, tmp_path, "api_ppl")
    assert proc.returncode == 2
    assert "loglikelihood_rolling" in proc.stderr and "Traceback" not in proc.stderr
    assert not fault_server.hits
