"""The fault-injection suite: retries, backoff, Retry-After, loud failures, no lost answers."""

from __future__ import annotations

import logging
import time

import pytest
from lmeval.backend.generation import cut_at_stop
from lmeval.backend.rolling import loglikelihood_windows
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
from lmeval_api.completions import LocalCompletionsLM
from lmeval_api.transport import ApiError, RetryPolicy, parse_retry_after
from lmeval_testkit.api import TEST_API_KEY as SECRET
from lmeval_testkit.api import Fault, FaultServer

FAST = {"backoff_base": 0.01, "backoff_max": 0.05}

# Every fault kind the server knows, each one first-attempt-only.
FAULTS = [
    Fault("status", status=429, retry_after=0.2),
    Fault("status", status=500),
    Fault("status", status=503, retry_after=0.1),
    Fault("status", status=502),
    Fault("reset"),
    Fault("cut"),
    Fault("badjson"),
    Fault("malformed"),
    Fault("slow", seconds=0.05),
    Fault("hang"),
    Fault("delay", seconds=0.3),  # slow but inside the timeout: no retry
]

REQS = [
    LoglikelihoodRequest("Question: is the sun a star?\nAnswer:", " yes"),
    LoglikelihoodRequest("Question: is the sun a star?\nAnswer:", " no"),
    LoglikelihoodRequest("The cat sat on the", " mat."),
    LoglikelihoodRequest("1 + 1 =", " 2"),
    LoglikelihoodRequest("", "Hello world"),
    LoglikelihoodRequest("A long context " * 20, " and a continuation of several words"),
    LoglikelihoodRequest("Trailing space ", "moves"),
    LoglikelihoodRequest("water", " light sun moon river"),
]


def first_attempt_faults(key: str, attempt: int) -> Fault:
    if attempt > 1:
        return Fault()
    return FAULTS[int(key, 16) % len(FAULTS)]


def make_lm(server: FaultServer, tiny_tokenizer, **kw) -> LocalCompletionsLM:
    args = dict(base_url=server.url + "/v1/completions", model="fake", tokenizer=str(tiny_tokenizer),
                num_concurrent=4, max_retries=3, timeout=1.0, **FAST)
    args.update(kw)
    return LocalCompletionsLM(**args)


def expected_loglikelihoods(lm: LocalCompletionsLM, server: FaultServer, reqs):
    out = []
    for r in reqs:
        ctx, cont = lm.encoder.encode_pair(r.context, r.continuation)
        out.append(server.model.score(ctx, cont))
    return out


@pytest.mark.parametrize("loop", ["default", "asyncio"])
def test_every_fault_kind_is_retried_and_no_answer_is_wrong(server, tiny_tokenizer, loop,
                                                           monkeypatch):
    if loop == "asyncio":  # the standard event loop, where uvloop is installed
        monkeypatch.setenv("LMEVAL_API_EVENT_LOOP", "asyncio")
    server.fault = first_attempt_faults
    lm = make_lm(server, tiny_tokenizer)
    got = lm.loglikelihood(REQS)
    assert got == expected_loglikelihoods(lm, server, REQS)
    first = {h.key: h.fault for h in server.hits if h.attempt == 1}
    retried = {h.key for h in server.hits if h.attempt == 2}
    # every request that met a fault other than a tolerable delay came back for a second try
    assert retried == {k for k, f in first.items() if f not in ("ok", "delay")}
    assert len(retried) >= 4
    assert lm.last_stats.retries == len(retried)


def test_all_fault_kinds_on_many_requests(server, tiny_tokenizer):
    """Forty requests meet every fault kind at least once; all answers still exact."""
    server.fault = first_attempt_faults
    lm = make_lm(server, tiny_tokenizer, num_concurrent=16)
    reqs = [LoglikelihoodRequest(f"Question {i}: what is {i} + {i}?\nAnswer:", f" {2 * i}")
            for i in range(40)]
    assert lm.loglikelihood(reqs) == expected_loglikelihoods(lm, server, reqs)
    seen = {h.fault for h in server.hits}
    assert seen >= {"status", "reset", "cut", "badjson", "malformed", "slow", "hang"}


def test_batched_prompts_under_faults(server, tiny_tokenizer):
    server.fault = first_attempt_faults
    lm = make_lm(server, tiny_tokenizer, batch_size=3)
    assert lm.loglikelihood(REQS) == expected_loglikelihoods(lm, server, REQS)
    assert len({h.key for h in server.hits}) == 3  # 8 requests in 3 bodies (batches of 3)


def test_rolling_under_faults(server, tiny_tokenizer):
    server.fault = first_attempt_faults
    lm = make_lm(server, tiny_tokenizer, max_length=12)  # several windows per text
    texts = ["The quick brown fox jumps over the lazy dog. " * 3, "Short one.", ""]
    got = lm.loglikelihood_rolling([RollingRequest(t) for t in texts])
    want = []
    for t in texts:
        total = 0.0
        for ctx, cont in loglikelihood_windows(lm.encoder.encode(t), lm.encoder.prefix_token_id,
                                               10):
            total += server.model.score(ctx, cont)[0]
        want.append(total)
    assert got == pytest.approx(want, abs=1e-12)
    assert got[2] == 0.0


def test_generation_under_faults(server, tiny_tokenizer):
    server.fault = first_attempt_faults
    lm = make_lm(server, tiny_tokenizer, num_concurrent=8)
    reqs = [GenerateRequest.make(f"Prompt number {i}:", {"until": ["\n\n"], "max_gen_toks": 6})
            for i in range(12)]
    got = lm.generate_until(reqs)
    want = [cut_at_stop(server.model.text(lm.encoder.encode(r.context), 6,
                                          ["\n\n", lm.eos_string]), ["\n\n"])
            for r in reqs]
    assert got == want
    assert all("\n\n" not in g for g in got)
    assert {h.fault for h in server.hits} - {"ok"}


def test_retry_after_is_honoured(server, tiny_tokenizer):
    server.fault = lambda key, attempt: (Fault("status", status=429, retry_after=0.6)
                                         if attempt == 1 else Fault())
    lm = make_lm(server, tiny_tokenizer, timeout=5.0)
    lm.loglikelihood(REQS[:1])
    first, second = server.hits
    assert second.attempt == 2
    assert second.time - first.time >= 0.6  # the backoff alone would wait ~0.01 s


def test_retry_after_http_date_and_backoff_jitter():
    import email.utils
    import random

    now = time.time()
    header = email.utils.formatdate(now + 30, usegmt=True)
    assert 28 <= parse_retry_after(header, now=now) <= 31
    assert parse_retry_after("2.5") == 2.5
    assert parse_retry_after("soon") is None
    policy = RetryPolicy(max_attempts=5, backoff_base=1.0, backoff_max=8.0)
    rng = random.Random(0)
    for attempt, cap in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (6, 8.0)]:
        waits = [policy.delay(attempt, rng) for _ in range(200)]
        assert cap / 2 <= min(waits) and max(waits) <= cap
        assert max(waits) - min(waits) > cap / 4  # jittered, not fixed
    assert policy.delay(1, rng, retry_after=5.0) >= 5.0


def test_persistent_malformed_answer_fails_loudly_and_keeps_the_others(server, tiny_tokenizer):
    bad = LoglikelihoodRequest("This one is always truncated:", " x")
    lm = make_lm(server, tiny_tokenizer, max_retries=3)
    lm.loglikelihood([bad])  # a dry run tells the key (body hash) of the bad request
    bad_key = server.hits[-1].key
    server.reset_counts()
    server.fault = lambda key, attempt: Fault("badjson") if key == bad_key else Fault()
    streamed = {}
    with pytest.raises(ApiError, match="malformed response") as err:
        with lm.answers_to(lambda answers: [streamed.setdefault(i, a) for i, a in answers.items()]):
            lm.loglikelihood(REQS + [bad])
    assert "after 3 attempt(s)" in str(err.value)
    assert sum(1 for h in server.hits if h.key == bad_key) == 3
    # every other answer arrived (and would be in the response cache), none for the bad one
    assert sorted(streamed) == list(range(len(REQS)))
    assert [streamed[i] for i in range(len(REQS))] == expected_loglikelihoods(lm, server, REQS)


def test_persistent_5xx_and_timeouts_fail_loudly(server, tiny_tokenizer):
    lm = make_lm(server, tiny_tokenizer, max_retries=2, timeout=0.5)
    server.fault = lambda key, attempt: Fault("status", status=500)
    with pytest.raises(ApiError, match="HTTP 500"):
        lm.loglikelihood(REQS[:1])
    server.fault = lambda key, attempt: Fault("hang")
    start = time.monotonic()
    with pytest.raises(ApiError, match="timeout"):
        lm.generate_until([GenerateRequest.make("x", {"until": ["\n"]})])
    # two attempts of 0.5 s; a client that ignored timeout= would hang here (the server never
    # answers), so a generous bound still tells the two apart on a loaded machine
    assert time.monotonic() - start < 10


def test_client_errors_are_not_retried_and_keys_are_redacted(server, tiny_tokenizer, monkeypatch,
                                                            caplog):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    lm = make_lm(server, tiny_tokenizer)
    server.fault = lambda key, attempt: Fault("echo_auth", status=401)
    with pytest.raises(ApiError, match="HTTP 401") as err:
        lm.generate_until([GenerateRequest.make("hello", {"until": ["\n"]})])
    assert len(server.hits) == 1
    assert server.hits[0].authorization == f"Bearer {SECRET}"  # the key did reach the server
    assert SECRET not in str(err.value) and "***" in str(err.value)
    assert SECRET not in caplog.text
    assert SECRET not in repr(lm) and SECRET not in str(lm.identity())


def test_retried_errors_redact_keys_in_logs(server, tiny_tokenizer, monkeypatch, caplog):
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    # a 500 whose body repeats the key: logged on retry, must be redacted
    server.fault = lambda key, attempt: Fault("echo_auth", status=500) if attempt == 1 else Fault()
    lm = make_lm(server, tiny_tokenizer)
    lm.generate_until([GenerateRequest.make("hello", {"until": ["\n"]})])
    assert "retrying" in caplog.text
    assert SECRET not in caplog.text


def test_concurrency_is_bounded_and_used(tiny_tokenizer):
    with FaultServer(latency=0.2) as server:
        lm = make_lm(server, tiny_tokenizer, num_concurrent=8, timeout=5.0)
        reqs = [GenerateRequest.make(f"p{i}", {"until": ["\n\n"], "max_gen_toks": 2})
                for i in range(32)]
        lm.generate_until(reqs)
        assert server.max_inflight == 8
        span = server.hits[-1].time - server.hits[0].time
    # one request at a time, the server would see the 32 arrive over 31 * 0.2 s; 8 at a time,
    # over 3 waves of 0.2 s plus the client's turnaround. Measured at the server, so the
    # client's first-call set-up (2.9 s once on a loaded machine) does not count.
    assert span < 31 * 0.2 / 2, span


SLOW = 1.5  # seconds the server holds the slow request


def test_answers_are_reported_before_the_call_returns(server, tiny_tokenizer):
    slow_key = []

    def fault(key: str, attempt: int) -> Fault:
        return Fault("delay", seconds=SLOW) if not slow_key or key == slow_key[0] else Fault()

    lm = make_lm(server, tiny_tokenizer, num_concurrent=4, timeout=5.0)
    reqs = [GenerateRequest.make(f"s{i}", {"until": ["\n\n"], "max_gen_toks": 2}) for i in range(4)]
    lm.generate_until(reqs[:1])
    slow_key.append(server.hits[-1].key)
    server.reset_counts()
    server.fault = fault
    arrivals = []
    with lm.answers_to(lambda answers: arrivals.extend((i, time.monotonic()) for i in answers)):
        lm.generate_until(reqs)
    assert [i for i, _ in arrivals][-1] == 0  # the slow one arrives last
    # the others were reported before the server even sent the slow answer: they did not wait
    # for it (the server's clock is this process's time.monotonic)
    (slow_hit,) = [h for h in server.hits if h.key == slow_key[0]]
    assert all(t < slow_hit.time + SLOW for i, t in arrivals if i != 0), (arrivals, slow_hit)
