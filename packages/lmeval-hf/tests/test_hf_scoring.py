"""loglikelihood and loglikelihood_rolling on real tiny models, against one-sequence forwards."""

from __future__ import annotations

import math

import pytest
from hf_oracle import causal_loglikelihood, greedy_tokens, seq2seq_loglikelihood
from lmeval.backend.rolling import loglikelihood_windows
from lmeval.protocol import LoglikelihoodRequest as LL
from lmeval.protocol import RollingRequest
from lmeval_hf.models import HFLM

CASES = [
    ("Question: what is the sun?\nAnswer:", " light"),
    ("Question: what is the sun?\nAnswer:", " water"),
    ("Question: what is the sun?\nAnswer: ", "the moon and the river"),
    ("The cat", " is red."),
    ("", "Hello world"),
    ("x", "y"),
]


def _oracle(lm, ctx_text, cont_text):
    ctx, cont = lm.encoder.pair(ctx_text, cont_text)
    if lm.backend == "causal":
        return causal_loglikelihood(lm.model, ctx, cont, lm.max_length)
    return seq2seq_loglikelihood(lm.model, ctx[-lm.max_length:], cont)


def test_loglikelihood_matches_single_sequence_forwards(any_lm):
    got = any_lm.loglikelihood([LL(c, x) for c, x in CASES])
    for (c, x), (lp, greedy) in zip(CASES, got, strict=True):
        want, want_greedy = _oracle(any_lm, c, x)
        assert lp == pytest.approx(want, abs=1e-4), (c, x)
        assert greedy == want_greedy
        assert lp < 0


def test_is_greedy_true_exactly_for_the_argmax_continuation(causal_lm):
    ctx = causal_lm.encoder.encode("The cat is on the")
    greedy = greedy_tokens(causal_lm.model, ctx, 3)
    text = causal_lm.tok_decode(greedy)
    # re-encoding the decoded greedy text may tokenize differently; score tokens directly
    res = causal_lm.scorer.score([(ctx, greedy), (ctx, greedy[:1]), (ctx, [greedy[0] + 1])])
    assert res[0][1] is True and res[1][1] is True and res[2][1] is False
    assert isinstance(text, str)


def test_one_token_choices_share_logits_but_not_answers(causal_lm):
    ctx = "Question: which colour?\nAnswer:"
    got = causal_lm.loglikelihood([LL(ctx, " red"), LL(ctx, " blue"), LL(ctx, " green")])
    assert len({lp for lp, _ in got}) == 3
    # one-token continuations of one context: exactly one argmax among them at most
    assert sum(g for _, g in got) <= 1


@pytest.mark.parametrize("batch_size", [1, 3, "auto", "auto:2"])
def test_batch_size_does_not_change_scores(llama_path, llama, batch_size):
    lm = HFLM(pretrained=llama_path, batch_size=batch_size, max_length=128)
    reqs = [LL(c, x) for c, x in CASES]
    for a, b in zip(lm.loglikelihood(reqs), llama.loglikelihood(reqs), strict=True):
        assert a[0] == pytest.approx(b[0], abs=1e-5) and a[1] == b[1]


def test_context_longer_than_max_length_is_truncated_from_the_left(llama_path):
    lm = HFLM(pretrained=llama_path, max_length=16, batch_size=2)
    long_ctx = "The cat is on the tree and the dog is in the house. " * 6
    ctx, cont = lm.encoder.pair(long_ctx, " Yes")
    assert len(ctx) + len(cont) > 17
    (lp, greedy), = lm.loglikelihood([LL(long_ctx, " Yes")])
    want = causal_loglikelihood(lm.model, ctx, cont, 16)
    assert lp == pytest.approx(want[0], abs=1e-4) and greedy == want[1]
    # only the last 16 tokens of context+continuation[:-1] matter
    other = "Completely different start. " * 4 + long_ctx[-60:]
    (lp2, _), = lm.loglikelihood([LL(other, " Yes")])
    ctx2, cont2 = lm.encoder.pair(other, " Yes")
    if (ctx2 + cont2)[-17:] == (ctx + cont)[-17:]:
        assert lp2 == pytest.approx(lp, abs=1e-5)


def test_continuation_longer_than_max_length_is_an_error(llama_path):
    lm = HFLM(pretrained=llama_path, max_length=8)
    with pytest.raises(ValueError, match="longer than max_length"):
        lm.loglikelihood([LL("a", " b" * 20)])


def test_empty_continuation_scores_zero(llama):
    assert llama.loglikelihood([LL("The cat", "")]) == [(0.0, True)]


def test_chat_messages_context_is_rendered_with_the_template(llama):
    messages = ({"role": "user", "content": "What is the sun?"},)
    prompt = llama.apply_chat_template(list(messages))
    assert prompt == "<|user|>\nWhat is the sun?<|end|>\n<|assistant|>\n"
    a = llama.loglikelihood([LL(messages, "light")])
    b = llama.loglikelihood([LL(prompt, "light")])
    assert a == b


def test_chat_template_continue_final_message(llama):
    msgs = [{"role": "user", "content": "Q?"}, {"role": "assistant", "content": "The answer is"}]
    rendered = llama.apply_chat_template(msgs, add_generation_prompt=False)
    assert rendered.endswith("The answer is")
    assert llama.chat_template and "<|assistant|>" in llama.chat_template


def _rolling_oracle(lm, text):
    tokens = lm.encoder.encode(text)
    total = 0.0
    for ctx, cont in loglikelihood_windows(tokens, lm.prefix_token_id, lm.max_length):
        if lm.backend == "causal":
            total += causal_loglikelihood(lm.model, ctx, cont, lm.max_length)[0]
        else:
            total += seq2seq_loglikelihood(lm.model, ctx, cont)[0]
    return total, len(loglikelihood_windows(tokens, lm.prefix_token_id, lm.max_length))


def test_rolling_loglikelihood_matches_window_by_window_forwards(any_lm):
    short = "The cat is red."
    long = " ".join(["The north river was known for music and light."] * 30)
    got = any_lm.loglikelihood_rolling([RollingRequest(short), RollingRequest(long)])
    for text, value in zip((short, long), got, strict=True):
        want, n_windows = _rolling_oracle(any_lm, text)
        assert value == pytest.approx(want, rel=1e-5, abs=1e-3)
    assert _rolling_oracle(any_lm, long)[1] > 2  # several windows at max_length=128


def test_rolling_with_bos_tokenizer_scores_the_bos_too(llama):
    # lm-eval encodes the text with the tokenizer's special tokens, then prefixes the BOS
    tokens = llama.encoder.encode("Hi")
    assert tokens[0] == llama.tokenizer.bos_token_id
    (value,) = llama.loglikelihood_rolling([RollingRequest("Hi")])
    assert math.isfinite(value)
