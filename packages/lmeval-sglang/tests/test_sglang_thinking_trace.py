"""sglang with ``think_end_token``: an output's ``meta_info`` (SGLang's ``finish_reason`` and
``completion_tokens``) traces the answer. SGLang needs CUDA, so this checks the parsing of
SGLang-shaped outputs only; the numbers of a real engine are not verified on this machine."""

from __future__ import annotations

from lmeval.backend.reasoning import GeneratedText
from lmeval_sglang.models import traced_answer


def test_outputs_are_traced_from_meta_info():
    cut = traced_answer({"text": "let me think about", "meta_info": {
        "finish_reason": {"type": "length", "length": 4}, "completion_tokens": 4}}, ["\n"], "</think>", 4)
    assert isinstance(cut, GeneratedText) and cut == "let me think about"
    assert (cut.thinking_closed, cut.tokens, cut.hit_limit, cut.max_gen_toks) == (False, 4, True, 4)
    done = traced_answer({"text": "hm</think> 42\nmore", "meta_info": {
        "finish_reason": {"type": "stop", "matched": "\n"}, "completion_tokens": 6}}, ["\n"], "</think>", 64)
    assert (done, done.thinking_closed, done.hit_limit, done.tokens) == ("42", True, False, 6)
    unknown = traced_answer({"text": "x"}, [], "</think>", 8)
    assert (unknown.hit_limit, unknown.tokens) == (None, None)
    assert type(traced_answer({"text": "a\nb"}, ["\n"], None, 8)) is str
