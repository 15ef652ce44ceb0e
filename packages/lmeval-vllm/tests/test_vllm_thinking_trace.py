"""vllm with ``think_end_token``: answers say whether the thinking was closed and whether the
token budget ran out (lmeval.backend.reasoning), on the real engine and tiny Llama."""

from __future__ import annotations

from lmeval.backend.reasoning import GeneratedText
from lmeval.protocol import GenerateRequest


def test_answers_are_traced(vllm_lm, monkeypatch):
    tok = vllm_lm.tokenizer
    user = tok.convert_tokens_to_ids("<|user|>")
    reasoning = tok("the water", add_special_tokens=False).input_ids
    answer = tok(" north and south", add_special_tokens=False).input_ids
    monkeypatch.setattr(vllm_lm, "think_end_token", "<|user|>")
    closed = vllm_lm._answer(reasoning + [user] + answer, [], True, 64)
    assert isinstance(closed, GeneratedText) and closed == "north and south"
    assert (closed.thinking_closed, closed.tokens, closed.hit_limit) == (True, len(reasoning) + 1 + len(answer), False)
    cut = vllm_lm._answer(reasoning, [], True, len(reasoning))
    assert (cut, cut.thinking_closed, cut.hit_limit) == ("the water", False, True)
    monkeypatch.setattr(vllm_lm, "think_end_token", "</think>")  # a text marker, not a token
    text = vllm_lm._answer(tok("a b </think> c", add_special_tokens=False).input_ids, [], True, 64)
    assert (text, text.thinking_closed) == ("c", True)
    # through the engine: a budget of 3 tokens that never reach the marker
    (out,) = vllm_lm.generate_until([GenerateRequest.make("Question: the moon?\nAnswer:",
                                                          {"until": ["\x00"], "max_gen_toks": 3})])
    assert isinstance(out, GeneratedText) and out.max_gen_toks == 3
    assert out.tokens == 3 and out.hit_limit is True and out.thinking_closed == ("</think>" in out)
