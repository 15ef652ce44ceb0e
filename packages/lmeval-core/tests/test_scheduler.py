"""The scheduler: each distinct request computed once, longest context first with a context's
requests together, whole contexts dealt to ranks, and the response cache's rule for sampled
generations (cached only when a seed is fixed, per seed and repeat)."""

from __future__ import annotations

import json
import random

import pytest
from kernel_tasks import calls, write_tasks
from lmeval import evaluate
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest
from lmeval.run.cache import ResponseCache
from lmeval.run.scheduler import Scheduler, _order_and_shard, is_sampled
from lmeval.testing import ReferenceLM


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LMEVAL_CACHE_DIR", str(tmp_path / "lmeval-cache"))


class RecordingLM(ReferenceLM):
    """The reference LM, remembering every batch of requests it was given."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.batches: list[list] = []

    def loglikelihood(self, requests):
        self.batches.append(list(requests))
        return super().loglikelihood(requests)

    def generate_until(self, requests):
        self.batches.append(list(requests))
        return super().generate_until(requests)

    @property
    def seen(self) -> list:
        return [r for batch in self.batches for r in batch]


# -- identical requests computed once --------------------------------------------------------

def test_duplicates_in_one_run_are_computed_once_and_answered_everywhere():
    lm = RecordingLM()
    a = LoglikelihoodRequest("Question: 2+2?\nAnswer:", " 4")
    b = LoglikelihoodRequest("Question: 2+2?\nAnswer:", " 5")
    greedy = GenerateRequest.make("Question: 2+2?\nAnswer:", {"until": ["\n"], "do_sample": False})
    calls_ = [(a, 0), (b, 0), (a, 0), (greedy, 0), (a, 1), (greedy, 1), (b, 0)]
    scheduler = Scheduler(lm)
    answers = scheduler.run(calls_)
    assert lm.calls == 3  # a, b, greedy
    assert sorted(map(repr, lm.seen)) == sorted(map(repr, [a, b, greedy]))
    # every duplicate gets the one answer, in the caller's order
    assert answers[0] == answers[2] == answers[4]
    assert answers[1] == answers[6]
    assert answers[3] == answers[5] and isinstance(answers[3], str)
    assert isinstance(answers[0], tuple) and isinstance(answers[0][1], bool)
    ll = scheduler.stats["loglikelihood"]
    assert (ll.requested, ll.unique, ll.cached, ll.computed) == (5, 2, 0, 2)
    gen = scheduler.stats["generate_until"]
    assert (gen.requested, gen.unique, gen.computed) == (2, 1, 1)


def test_identical_requests_across_tasks_and_docs_are_computed_once(tmp_path):
    # 6 distinct documents plus copies of the first two; k_mc_twin has k_mc's prompts
    tasks = write_tasks(tmp_path / "tasks", n_docs=6, duplicates=2)
    log = tmp_path / "calls.log"
    results = evaluate("dummy", f"call_log={log}", ["k_mc", "k_mc_twin", "k_gen"],
                       include_path=str(tasks), bootstrap_iters=0, log_samples=True)
    assert calls(log) == {"loglikelihood": 6 * 4, "generate_until": 6}
    assert results["scheduler"]["loglikelihood"] == {
        "requested": 2 * 8 * 4, "unique": 6 * 4, "cached": 0, "computed": 6 * 4}
    assert results["scheduler"]["generate_until"] == {
        "requested": 8, "unique": 6, "cached": 0, "computed": 6}
    samples = results["samples"]
    # the copied documents got the same answers as their originals ...
    for sample_set in (samples["k_mc"], samples["k_gen"]):
        assert sample_set[6]["resps"] == sample_set[0]["resps"]
        assert sample_set[7]["resps"] == sample_set[1]["resps"]
    # ... and the twin task the same answers as k_mc, so the same scores
    assert [s["resps"] for s in samples["k_mc_twin"]] == [s["resps"] for s in samples["k_mc"]]
    assert results["results"]["k_mc_twin"]["acc,none"] == results["results"]["k_mc"]["acc,none"]


# -- ordering and sharding -------------------------------------------------------------------

def _mixed_requests() -> list[LoglikelihoodRequest]:
    contexts = ["a" * 5, "b" * 20, "c" * 12, "d" * 20]  # b and d tie on length
    continuations = [" x", " xxx", " xx"]
    out = [LoglikelihoodRequest(c, k) for c in contexts for k in continuations]
    random.Random(0).shuffle(out)
    return out


def test_longest_context_first_and_each_contexts_requests_together():
    lm = RecordingLM()
    requests = _mixed_requests()
    answers = Scheduler(lm, chunk_size=5).run([(r, 0) for r in requests])
    seen = lm.seen
    assert [len(b) for b in lm.batches] == [5, 5, 2]  # chunked, order kept across chunks
    # contexts by length, longest first; equal lengths by the context text
    order = [r.context for r in seen]
    runs = [c for i, c in enumerate(order) if i == 0 or order[i - 1] != c]
    assert runs == ["b" * 20, "d" * 20, "c" * 12, "a" * 5]  # each context one contiguous run
    # inside a context the longest request first
    for ctx in runs:
        assert [r.continuation for r in seen if r.context == ctx] == [" xxx", " xx", " x"]
    # answers still come back in the caller's order
    expected = ReferenceLM().loglikelihood(requests)
    assert answers == expected


def test_context_length_wins_over_total_length():
    """The documented rule orders by context: a short context with a long continuation comes
    after a longer context, whatever the totals."""
    short_ctx = LoglikelihoodRequest("s" * 10, " " + "y" * 40)  # total 51
    long_ctx = LoglikelihoodRequest("L" * 20, " z")  # total 22
    lm = RecordingLM()
    Scheduler(lm).run([(short_ctx, 0), (long_ctx, 0)])
    assert lm.seen == [long_ctx, short_ctx]


def test_generations_are_ordered_by_context_too():
    lm = RecordingLM()
    gens = [GenerateRequest.make("q" * n, {"until": ["\n"]}) for n in (3, 30, 12)]
    Scheduler(lm).run([(g, 0) for g in gens])
    assert [len(r.context) for r in lm.seen] == [30, 12, 3]


def test_sharding_deals_whole_contexts_to_ranks():
    requests = _mixed_requests()
    pending = [(f"key{i}", r) for i, r in enumerate(requests)]

    def order(rank, world):
        slots = _order_and_shard(range(len(requests)), requests.__getitem__,
                                 lambda s: pending[s][0], rank, world)
        return [pending[s] for s in slots]

    full = order(0, 1)
    shards = [order(rank, 2) for rank in (0, 1)]
    keys = [[k for k, _ in shard] for shard in shards]
    assert sorted(keys[0] + keys[1]) == sorted(k for k, _ in pending)  # nothing lost
    assert not set(keys[0]) & set(keys[1])  # nothing twice
    contexts = [{r.context for _, r in shard} for shard in shards]
    assert not contexts[0] & contexts[1]  # a context lives on one rank
    assert contexts[0] == {"b" * 20, "c" * 12} and contexts[1] == {"d" * 20, "a" * 5}
    position = {k: i for i, (k, _) in enumerate(full)}
    for shard_keys in keys:  # each rank keeps the global order
        assert [position[k] for k in shard_keys] == sorted(position[k] for k in shard_keys)


# -- the response cache and sampled generations --------------------------------------------

@pytest.mark.parametrize(("kind", "kwargs", "sampled"), [
    ("gen", {"until": ["\n"]}, False),
    ("gen", {"until": ["\n"], "do_sample": False}, False),
    ("gen", {"until": ["\n"], "temperature": 0.0}, False),
    ("gen", {"until": ["\n"], "do_sample": False, "temperature": 0}, False),
    ("gen", {"until": ["\n"], "do_sample": True}, True),
    ("gen", {"until": ["\n"], "temperature": 0.7}, True),
    # a temperature above 0 counts as sampled even with do_sample false (the safe side: such a
    # generation is never served from the cache without a seed)
    ("gen", {"until": ["\n"], "do_sample": False, "temperature": 0.7}, True),
    ("ll", {}, False),
    ("roll", {}, False),
])
def test_is_sampled_rule(kind, kwargs, sampled):
    request = {"gen": lambda: GenerateRequest.make("ctx", kwargs),
               "ll": lambda: LoglikelihoodRequest("ctx", " a"),
               "roll": lambda: RollingRequest("some text")}[kind]()
    assert is_sampled(request) is sampled


def test_sampled_generation_is_cached_only_with_a_seed(tmp_path):
    greedy = GenerateRequest.make("Q: 1+1=", {"until": ["\n"], "do_sample": False})
    sampled = GenerateRequest.make("Q: 1+1=", {"until": ["\n"], "do_sample": True,
                                                "temperature": 0.8})
    work = [(greedy, 0), (greedy, 1), (sampled, 0), (sampled, 1)]
    cache_dir = tmp_path / "cache"

    def run(seed, name):
        log = tmp_path / f"{name}.log"
        lm = ReferenceLM(call_log=str(log))
        cache = ResponseCache(cache_dir, lm.identity())
        try:
            scheduler = Scheduler(lm, cache, seed=seed)
            scheduler.run(work)
            return calls(log).get("generate_until", 0), len(cache), scheduler.stats["generate_until"]
        finally:
            cache.close()

    # no seed: greedy once (its repeats are one request), each repeat of the sampled one drawn
    n, stored, _ = run(None, "a")
    assert (n, stored) == (3, 1)  # only the greedy answer was stored
    n, stored, stats = run(None, "b")
    assert (n, stored, stats.cached) == (2, 1, 1)  # greedy from the cache, sampled drawn again
    # a fixed seed: the sampled draws are cached too, one per repeat
    n, stored, _ = run(0, "c")
    assert (n, stored) == (2, 3)
    n, stored, stats = run(0, "d")
    assert (n, stats.cached, stats.computed) == (0, 3, 0)
    # another seed is another set of draws; the greedy answer is shared
    n, stored, stats = run(1, "e")
    assert (n, stored, stats.cached) == (2, 5, 1)


def test_use_cache_rerun_makes_no_model_calls(tmp_path):
    tasks = write_tasks(tmp_path / "tasks", n_docs=8)
    cache = tmp_path / "responses"
    names = ["k_mc", "k_gen", "k_sampled"]

    def run(name, **kw):
        log = tmp_path / f"{name}.log"
        results = evaluate("dummy", f"call_log={log}", names, include_path=str(tasks),
                           use_cache=str(cache), bootstrap_iters=0, **kw)
        return calls(log), results

    first, r1 = run("first")
    assert first == {"loglikelihood": 8 * 4, "generate_until": 8 + 8}
    assert (cache / "responses.sqlite").exists()
    second, r2 = run("second")  # the default seed (0) is fixed: sampled answers cached too
    assert second == {}
    assert json.dumps(r2["results"], sort_keys=True) == json.dumps(r1["results"], sort_keys=True)
    assert r2["scheduler"]["generate_until"]["cached"] == 16
    assert r2["scheduler"]["generate_until"]["computed"] == 0

    # without a seed the sampled task's generations are not served from the cache
    unseeded, r3 = run("unseeded", random_seed=None)
    assert unseeded == {"generate_until": 8}
    assert r3["scheduler"]["generate_until"] == {"requested": 16, "unique": 16, "cached": 8,
                                                 "computed": 8}


# -- an interrupt counts what the cache holds, wherever it lands --------------------------------

class _InterruptingCache(ResponseCache):
    """Raises SIGTERM's exception on the third write: before its transaction or after its
    commit (a signal's handler runs at the next Python instruction, which may be either)."""

    def __init__(self, *args, after_commit: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.after_commit, self.writes = after_commit, 0

    def put_many(self, items):
        import signal

        from lmeval.run.interrupts import RunInterrupted

        self.writes += 1
        if self.writes == 3 and not self.after_commit:
            raise RunInterrupted(signal.SIGTERM)
        super().put_many(items)
        if self.writes == 3:
            raise RunInterrupted(signal.SIGTERM)


@pytest.mark.parametrize("after_commit", [False, True], ids=["before-commit", "after-commit"])
def test_an_interrupt_during_a_write_reports_what_the_file_holds(tmp_path, after_commit):
    from lmeval.run.interrupts import RunInterrupted

    lm = ReferenceLM()
    cache = _InterruptingCache(tmp_path / "c", lm.identity(), after_commit=after_commit)
    requests = [(LoglikelihoodRequest(f"Question {i}:", " yes"), 0) for i in range(12)]
    with pytest.raises(RunInterrupted) as info:
        Scheduler(lm, cache=cache, chunk_size=4).run(requests)
    held = len(ResponseCache(tmp_path / "c", lm.identity()))
    assert held == (3 if after_commit else 2)  # the reference LM reports each answer alone
    assert (info.value.kept, info.value.computed) == (held, held)
    assert info.value.message().startswith(f"lmeval: interrupted by SIGTERM; {held} answers are kept")
