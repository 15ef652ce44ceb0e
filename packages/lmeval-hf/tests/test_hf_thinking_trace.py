"""hf with ``think_end_token``: each answer says whether the thinking was closed and whether
the token budget ran out (lmeval.backend.reasoning), checked against a greedy argmax loop."""

from __future__ import annotations

from hf_oracle import greedy_tokens
from lmeval.backend.reasoning import GeneratedText, thinking_stats
from lmeval.protocol import GenerateRequest
from lmeval_hf.models import HFLM

PROMPT = "Question: what is the moon?\nAnswer:"


def test_answers_are_traced_against_the_greedy_tokens(llama):
    toks = greedy_tokens(llama.model, llama.encoder.encode(PROMPT), 10)
    think = toks[4]
    first = toks.index(think)
    lm = HFLM(pretrained=llama.model.name_or_path, max_length=128, think_end_token=str(think))
    short, full = lm.generate_until([
        GenerateRequest.make(PROMPT, {"until": ["\x00"], "max_gen_toks": first}),  # stops before it
        GenerateRequest.make(PROMPT, {"until": ["\x00"], "max_gen_toks": 10}),
    ])
    assert isinstance(short, GeneratedText) and isinstance(full, GeneratedText)
    assert (short.thinking_closed, short.tokens, short.max_gen_toks, short.hit_limit) == (False, first, first, True)
    assert short == lm.tok_decode(toks[:first]).lstrip()  # the unfinished reasoning is the answer
    assert full.thinking_closed is True and full.max_gen_toks == 10
    stats = thinking_stats([short, full])
    assert stats["cut_off_in_thinking"] == 1 and stats["traced"] == 2


def test_no_think_end_token_no_trace(llama):
    out = llama.generate_until([GenerateRequest.make(PROMPT, {"until": ["\x00"], "max_gen_toks": 3})])[0]
    assert type(out) is str
