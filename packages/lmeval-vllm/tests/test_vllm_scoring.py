"""Real vLLM (CPU build): how multiple-choice requests are scored (lmeval_vllm.grouping, .jobs).

Choices that share their first token (" " + letter) are read from next-token requests (or one
request a short question); they must score exactly as the prompt-logprob requests of
``context_grouping=False`` do, and as lmeval-hf does. The engine is conftest's (``enforce_eager=True``).
"""

from __future__ import annotations

import pytest
from lmeval.protocol import LoglikelihoodRequest

LOGPROB_TOL = 1e-4

QUESTIONS = [
    "Question: the water of the river is blue. Which is true?\nA. yes\nB. no\nC. the moon\n"
    "D. the north\nAnswer:",
    "The cat was small and the dog had a house. Question: which was small?\nAnswer:",
]


def letter_requests(questions=tuple(QUESTIONS)) -> list[LoglikelihoodRequest]:
    # " A" is two tokens with the test tokenizer (" " and "A"): MMLU's choices
    return [LoglikelihoodRequest(q, f" {letter}") for q in questions for letter in "ABCD"]


def _plan(lm, requests):
    from lmeval_vllm.grouping import Encoded, plan_loglikelihood

    encoded = [Encoded(tuple(c + x), len(c))
               for c, x in (lm.encoder.pair(r.context, r.continuation) for r in requests)]
    return plan_loglikelihood(encoded)


@pytest.mark.parametrize("length", ["short", "long"])
def test_letters_split_in_two_tokens_are_read_without_prompt_logprob_jobs(vllm_lm, hf_lm,
                                                                          length):
    """Short questions: one request each (context + " ", the prompt logprob of " " and the
    letters after it); long ones (few-shot): the context, then the context + " "."""
    from lmeval_vllm.grouping import SCORE_NEXT_MAX_PROMPT
    from lmeval_vllm.jobs import NextTokenJob, ScoreNextJob

    questions = QUESTIONS if length == "short" else [
        "The river and the moon. " * 40 + q for q in QUESTIONS]
    requests = letter_requests(questions)
    lengths = [len(vllm_lm.encoder.encode(q)) for q in questions]
    plan = _plan(vllm_lm, requests)
    if length == "short":
        assert max(lengths) < SCORE_NEXT_MAX_PROMPT
        assert plan.jobs == [ScoreNextJob(j.prompt, j.ctxlen, j.token_ids) for j in plan.jobs]
        assert len(plan.jobs) == len(questions)
    else:
        assert SCORE_NEXT_MAX_PROMPT < min(lengths) < vllm_lm.max_length - 2
        assert all(isinstance(job, NextTokenJob) for job in plan.jobs)
        assert len(plan.jobs) == 2 * len(questions)

    stats = vllm_lm.engine.stats
    before = stats.get("prompts", 0)
    ours = vllm_lm.loglikelihood(requests)
    assert stats["prompts"] - before == len(plan.jobs)
    # the same floats as one prompt-logprob request per choice (context_grouping=False)
    vllm_lm.context_grouping = False
    try:
        plain = vllm_lm.loglikelihood(requests)
    finally:
        vllm_lm.context_grouping = True
    assert ours == plain
    reference = hf_lm.loglikelihood(requests)
    for (lp, greedy), (ref_lp, ref_greedy) in zip(ours, reference, strict=True):
        assert lp == pytest.approx(ref_lp, abs=LOGPROB_TOL)
        assert greedy == ref_greedy


def test_chained_choices_are_greedy_when_each_token_is(vllm_lm, hf_lm):
    """Two choices sharing their first token, one of them the greedy two-token continuation."""
    from lmeval_vllm.jobs import NextTokenJob

    found = []
    for question in QUESTIONS + ["The water of the", "Answer: the"]:
        prompt = tuple(vllm_lm.encoder.encode(question))
        (_, first), = vllm_lm.engine.run([NextTokenJob(prompt, (0,))])
        (_, second), = vllm_lm.engine.run([NextTokenJob(prompt + (first,), (0,))])
        other = next(t for t in range(3, 200) if t != second)
        texts = [vllm_lm.tokenizer.decode([first, t]) for t in (second, other)]
        # keep the cases whose texts re-encode to the same tokens
        if [vllm_lm.encoder.pair(question, x)[1] for x in texts] == [[first, second],
                                                                    [first, other]]:
            found += [LoglikelihoodRequest(question, x) for x in texts]
    assert found
    assert {answer[0] for answer in _plan(vllm_lm, found).answers} <= {"chain", "score_next"}
    ours = vllm_lm.loglikelihood(found)
    assert [greedy for _, greedy in ours] == [True, False] * (len(found) // 2)
    reference = hf_lm.loglikelihood(found)
    for (lp, greedy), (ref_lp, ref_greedy) in zip(ours, reference, strict=True):
        assert lp == pytest.approx(ref_lp, abs=LOGPROB_TOL)
        assert greedy == ref_greedy


def test_scoring_compiles_nothing_under_enforce_eager(vllm_lm):
    """vLLM torch.compiles its rank counter at a process's first log-probability request, even
    with enforce_eager; lmeval's score jobs run it eagerly (the same integer counts)."""
    from torch._dynamo.eval_frame import _debug_get_cache_entry_list
    from vllm.v1.sample.ops import logprobs as vllm_logprobs

    assert vllm_lm.engine.llm.llm_engine.vllm_config.model_config.enforce_eager is True
    code = vllm_logprobs.batched_count_greater_than._torchdynamo_orig_callable.__code__
    requests = letter_requests() + [LoglikelihoodRequest(QUESTIONS[1], " the small cat")]
    first = vllm_lm.loglikelihood(requests)
    assert _debug_get_cache_entry_list(code) == []
    # the same requests straight through vLLM compile it: what the test above would catch
    from vllm import SamplingParams, TokensPrompt

    prompt = TokensPrompt(prompt_token_ids=vllm_lm.encoder.encode(QUESTIONS[1]))
    vllm_lm.engine.llm.generate([prompt], SamplingParams(max_tokens=1, prompt_logprobs=1),
                                use_tqdm=False)
    assert _debug_get_cache_entry_list(code) != []
    assert vllm_lm.loglikelihood(requests) == first
