"""The pure parts of lmeval-vllm: grouping plan, sharding, sampling kwargs.

None of these start an engine; the engine tests are in test_vllm_engine.py.
"""

from __future__ import annotations

import pytest
from lmeval.errors import UsageError
from lmeval_vllm.grouping import SCORE_NEXT_MAX_PROMPT, Encoded, plan_loglikelihood
from lmeval_vllm.jobs import (
    GenerateJob,
    NextTokenJob,
    ScoreJob,
    ScoreNextJob,
    next_token_logprobs,
    score_from_prompt_logprobs,
)
from lmeval_vllm.sampling import sampling_fields
from lmeval_vllm.sharding import reassemble, shard_units

# ----------------------------------------------------------------------------- grouping


def _mc_requests():
    # two multiple-choice items: one with single-token choices, one with longer choices (five
    # distinct proper prefixes: read token by token they would take more jobs than by prompt)
    a = (11, 12, 13, 14)
    b = (21, 22, 23)
    return [
        Encoded(a + (31,), 4), Encoded(a + (32,), 4), Encoded(a + (33,), 4),
        Encoded(b + (41, 42), 3), Encoded(b + (43,), 3), Encoded(b + (46, 44, 45), 3),
        Encoded((5, 6, 7), 1),
    ]


def test_grouping_reads_single_token_choices_from_one_pass():
    requests = _mc_requests()
    plan = plan_loglikelihood(requests)
    next_jobs = [j for j in plan.jobs if isinstance(j, NextTokenJob)]
    assert NextTokenJob((11, 12, 13, 14), (31, 32, 33)) in next_jobs
    assert NextTokenJob((21, 22, 23), (43,)) in next_jobs
    score_jobs = [j for j in plan.jobs if isinstance(j, ScoreJob)]
    assert {j.prompt for j in score_jobs} == {(21, 22, 23, 41, 42), (21, 22, 23, 46, 44, 45),
                                              (5, 6, 7)}
    assert all(j.read_cache for j in score_jobs)
    # a context's jobs are one unit, and units partition the jobs
    assert sorted(i for unit in plan.units for i in unit) == list(range(len(plan.jobs)))
    unit_of = {i: n for n, unit in enumerate(plan.units) for i in unit}
    b_jobs = [i for i, j in enumerate(plan.jobs) if j.prompt[:3] == (21, 22, 23)]
    assert len({unit_of[i] for i in b_jobs}) == 1


def test_grouping_resolves_answers_in_request_order():
    requests = _mc_requests()
    plan = plan_loglikelihood(requests)
    results = []
    for job in plan.jobs:
        if isinstance(job, NextTokenJob):
            results.append(({t: -float(t) for t in job.token_ids}, 32))
        else:
            results.append((-float(sum(job.prompt[job.ctxlen:])), False))
    answers = plan.resolve(results)
    assert answers == [(-31.0, False), (-32.0, True), (-33.0, False), (-83.0, False),
                       (-43.0, False), (-135.0, False), (-13.0, False)]
    # as each engine call returns, the requests of its jobs are answered (and reported) alone
    by_job = plan.requests_of_jobs()
    assert sorted(i for members in by_job.values() for i in members) == list(range(len(requests)))
    for job, members in by_job.items():
        for i in members:
            assert plan.resolve_one(i, {job: results[job]}) == answers[i]


def _space_letter_requests(a=(11, 12, 13), b=(21, 22)):
    # " A" ... " D" as two tokens each (" " = 9, then the letter), as this repository's
    # fixture BPE splits them, after two contexts
    return [Encoded(ctx + (9, letter), len(ctx)) for ctx in (a, b) for letter in (31, 32, 33, 34)]


def test_grouping_reads_short_questions_letters_from_one_request():
    requests = _space_letter_requests()
    plan = plan_loglikelihood(requests)
    # per question: context + " " with the prompt logprob of " " and the letters after it
    assert plan.jobs == [ScoreNextJob((11, 12, 13, 9), 3, (31, 32, 33, 34)),
                         ScoreNextJob((21, 22, 9), 2, (31, 32, 33, 34))]
    assert plan.units == [[0], [1]]
    results = [(-0.5, True, {31: -1.0, 32: -2.0, 33: -3.0, 34: -4.0}, 32),
               (-0.25, False, {31: -1.5, 32: -2.5, 33: -3.5, 34: -4.5}, 31)]
    assert plan.resolve(results) == [(-1.5, False), (-2.5, True), (-3.5, False), (-4.5, False),
                                     (-1.75, False), (-2.75, False), (-3.75, False),
                                     (-4.75, False)]
    collect = plan.collector()
    assert collect({1: results[1]}) == {i: plan.resolve(results)[i] for i in range(4, 8)}


def test_grouping_reads_long_questions_letters_token_by_token():
    a = tuple(range(100, 100 + SCORE_NEXT_MAX_PROMPT))  # context + " " is one token too long
    b = a + (21, 22)
    requests = _space_letter_requests(a, b)
    plan = plan_loglikelihood(requests)
    # per context: the shared token after the context, then the letters after it; no
    # prompt-logprob job
    assert plan.jobs == [NextTokenJob(a, (9,)),
                         NextTokenJob(a + (9,), (31, 32, 33, 34)),
                         NextTokenJob(b, (9,)),
                         NextTokenJob(b + (9,), (31, 32, 33, 34))]
    assert plan.units == [[0, 1], [2, 3]]
    # the engine answers: logprobs of the asked tokens, and the greedy token
    results = [({9: -0.5}, 9), ({31: -1.0, 32: -2.0, 33: -3.0, 34: -4.0}, 32),
               ({9: -0.25}, 7), ({31: -1.5, 32: -2.5, 33: -3.5, 34: -4.5}, 31)]
    # the sum in the order of the continuation's tokens; greedy when every token is
    assert plan.resolve(results) == [(-1.5, False), (-2.5, True), (-3.5, False), (-4.5, False),
                                     (-1.75, False), (-2.75, False), (-3.75, False),
                                     (-4.75, False)]
    # as answers stream in, a request is complete when the last of its jobs is
    collect = plan.collector()
    assert collect({1: results[1], 2: results[2]}) == {}
    assert collect({0: results[0]}) == {i: plan.resolve(results)[i] for i in range(4)}
    assert collect({3: results[3]}) == {i: plan.resolve(results)[i] for i in range(4, 8)}


def test_grouping_reads_single_and_shared_prefix_choices_of_one_context_together():
    ctx = (1, 2)
    requests = [Encoded(ctx + (5,), 2), Encoded(ctx + (6, 7), 2), Encoded(ctx + (6, 8), 2)]
    plan = plan_loglikelihood(requests)
    assert plan.jobs == [NextTokenJob(ctx, (5, 6)), NextTokenJob(ctx + (6,), (7, 8))]
    assert plan.answers == [("chain", ((0, 5),)), ("chain", ((0, 6), (1, 7))),
                            ("chain", ((0, 6), (1, 8)))]
    results = [({5: -1.0, 6: -2.0}, 6), ({7: -0.5, 8: -0.75}, 8)]
    assert plan.resolve(results) == [(-1.0, False), (-2.5, False), (-2.75, True)]


def test_grouping_off_is_one_prompt_per_request():
    requests = _mc_requests()
    plan = plan_loglikelihood(requests, grouping=False)
    assert [j.prompt for j in plan.jobs] == [r.prompt for r in requests]
    assert not any(j.read_cache for j in plan.jobs)


def test_grouping_splits_very_many_choices():
    requests = [Encoded((1, 2, t), 2) for t in range(300)]
    plan = plan_loglikelihood(requests)
    sizes = [len(j.token_ids) for j in plan.jobs]
    assert sizes == [128, 128, 44]
    assert [r[2] for r in plan.answers] == list(range(300))


def test_parsing_of_vllm_logprob_outputs():
    class Logprob:
        def __init__(self, logprob):
            self.logprob = logprob

    prompt = (1, 2, 3, 4)
    entries = [None, {2: Logprob(-1.0)}, {3: Logprob(-2.0), 9: Logprob(-0.5)},
               {4: Logprob(-0.25)}]
    assert score_from_prompt_logprobs(prompt, 2, entries) == (-2.25, False)
    assert score_from_prompt_logprobs(prompt, 3, entries) == (-0.25, True)

    class Completion:
        token_ids = [9]
        logprobs = [{9: Logprob(-0.1), 3: Logprob(-3.0), 5: Logprob(-4.0)}]

    assert next_token_logprobs((3, 5), Completion()) == ({3: -3.0, 5: -4.0}, 9)


# ----------------------------------------------------------------------------- sharding


@pytest.mark.parametrize("n", [1, 2, 3, 8])
def test_sharding_keeps_units_whole_and_reassembles_in_order(n):
    units = [[0, 1, 2], [3], [4, 5], [6, 7, 8, 9], [10]]
    costs = [5, 5, 5, 100, 3, 3, 7, 7, 7, 7, 1]
    shards = shard_units(units, costs, n)
    assert len(shards) == n
    assert sorted(i for s in shards for i in s) == list(range(11))
    for unit in units:
        assert sum(1 for s in shards if set(unit) <= set(s)) == 1
    # contiguous: each shard is a run of consecutive units
    flat = [i for s in shards for i in s]
    assert flat == list(range(11))
    answers = [[f"answer {i}" for i in s] for s in shards]
    assert reassemble(shards, answers, 11) == [f"answer {i}" for i in range(11)]


def test_sharding_balances_cost():
    units = [[i] for i in range(100)]
    shards = shard_units(units, [10] * 100, 4)
    assert [len(s) for s in shards] == [25, 25, 25, 25]


def test_reassemble_notices_lost_answers():
    with pytest.raises(RuntimeError):
        reassemble([[0, 1], [2]], [["a", "b"], []], 3)
    with pytest.raises(RuntimeError):
        reassemble([[0], [2]], [["a"], ["c"]], 3)


def test_job_costs():
    assert ScoreJob((1, 2, 3), 1).cost == 3
    assert GenerateJob((1, 2), (("max_tokens", 10),)).cost == 12


# ----------------------------------------------------------------------------- sampling


def test_sampling_fields_follow_lm_eval():
    fields, stops, max_gen = sampling_fields({"max_gen_toks": 7, "max_new_tokens": 9}, ["\n\n"],
                                             eos="</s>", default_max_gen_toks=256)
    assert max_gen == 7
    assert stops == ["\n\n", "</s>"]
    assert fields["stop"] == ["\n\n", "</s>"]
    assert fields["temperature"] == 0.0  # greedy unless asked otherwise
    assert fields["skip_special_tokens"] is False

    fields, _, max_gen = sampling_fields({"do_sample": True, "temperature": 0.7, "seed": 3}, [],
                                         eos="</s>", default_max_gen_toks=256)
    assert (fields["temperature"], fields["seed"], max_gen) == (0.7, 3, 256)
    assert "do_sample" not in fields

    fields, _, _ = sampling_fields({"do_sample": False, "temperature": 0.9}, [], eos=None,
                                   default_max_gen_toks=5)
    assert fields["temperature"] == 0.0


def test_sampling_fields_in_thinking_mode_stop_only_at_eos():
    fields, stops, _ = sampling_fields({}, ["\n\n", "Q:"], eos="</s>", default_max_gen_toks=8,
                                       think_end_token="</think>")
    assert fields["stop"] == ["</s>"]
    assert stops == ["\n\n", "Q:", "</s>"]


def test_sampling_fields_reject_unknown_keys():
    with pytest.raises(UsageError, match="num_beams"):
        sampling_fields({"num_beams": 4}, [], eos=None, default_max_gen_toks=8,
                        valid_fields=frozenset({"temperature", "stop", "skip_special_tokens",
                                                "spaces_between_special_tokens"}))
