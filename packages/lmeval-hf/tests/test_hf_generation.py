"""generate_until on real tiny models: greedy decoding, stops, limits, thinking, sampling."""

from __future__ import annotations

import pytest
import torch
from hf_oracle import greedy_tokens
from lmeval.backend.generation import (
    normalize_gen_kwargs,
    postprocess_generation,
    stop_sequences,
    strip_think_tokens,
)
from lmeval.errors import UsageError
from lmeval.protocol import GenerateRequest
from lmeval_hf.models import HFLM

PROMPT = "Question: what is the moon?\nAnswer:"


def gen(lm, prompt=PROMPT, **kwargs):
    return lm.generate_until([GenerateRequest.make(prompt, kwargs)])[0]


def test_greedy_generation_matches_an_argmax_loop(causal_lm):
    ids = causal_lm.encoder.encode(PROMPT)
    want = causal_lm.tok_decode(greedy_tokens(causal_lm.model, ids, 6))
    eos = causal_lm.tok_decode([causal_lm.eot_token_id], skip_special_tokens=False)
    assert gen(causal_lm, until=["\x00never"], max_gen_toks=6) == want.split(eos)[0]


def test_output_is_cut_at_the_first_stop_string(causal_lm):
    full = gen(causal_lm, until=["\x00never"], max_gen_toks=12)
    assert len(full) > 4
    stop = full[3:5]
    got = gen(causal_lm, until=["\x00never", stop], max_gen_toks=12)
    assert got == full.split(stop)[0]
    assert stop not in got


def test_max_gen_toks_and_its_aliases(llama):
    a = gen(llama, until=["\x00"], max_gen_toks=2)
    b = gen(llama, until=["\x00"], max_new_tokens=2)
    c = gen(llama, until=["\x00"], max_tokens=2)
    full = gen(llama, until=["\x00"], max_gen_toks=8)
    assert a == b == c and full.startswith(a) and len(full) > len(a)


def test_batches_give_the_same_greedy_outputs(llama_path, llama):
    prompts = [PROMPT, "The cat", "North south east west " * 3, "1 + 2 ="]
    reqs = [GenerateRequest.make(p, {"until": ["\n\n"], "max_gen_toks": 5}) for p in prompts]
    one = HFLM(pretrained=llama_path, batch_size=1, max_length=128).generate_until(reqs)
    assert llama.generate_until(reqs) == one


def test_think_end_token_id_keeps_only_the_text_after_it(llama):
    ids = llama.encoder.encode(PROMPT)
    toks = greedy_tokens(llama.model, ids, 8)
    think = toks[2]
    lm = HFLM(pretrained=llama.model.name_or_path, max_length=128, think_end_token=str(think))
    assert lm.think_end_token == think
    last = max(i for i, t in enumerate(toks) if t == think)
    want = lm.tok_decode(toks[last + 1:]).lstrip()
    assert gen(lm, until=["\x00"], max_gen_toks=8) == want


def test_think_end_token_string(llama):
    full = gen(llama, until=["\x00"], max_gen_toks=10)
    marker = full[2:4]
    lm = HFLM(pretrained=llama.model.name_or_path, max_length=128, think_end_token=marker)
    assert gen(lm, until=["\x00"], max_gen_toks=10) == full.split(marker)[-1].lstrip()


def test_long_prompt_is_left_truncated_to_leave_room(llama_path):
    lm = HFLM(pretrained=llama_path, max_length=24)
    long = "The cat is on the tree and the dog is in the house. " * 10
    ids = lm.encoder.encode(long)[-(24 - 4):]
    want = lm.tok_decode(greedy_tokens(lm.model, ids, 4))
    assert gen(lm, long, until=["\x00"], max_gen_toks=4) == want.split("</s>")[0]
    with pytest.raises(UsageError, match="no room"):
        gen(lm, long, until=["\x00"], max_gen_toks=24)


def test_sampling_is_seeded_and_differs_from_greedy(llama):
    torch.manual_seed(0)
    a = gen(llama, until=["\x00"], max_gen_toks=12, do_sample=True, temperature=5.0)
    torch.manual_seed(0)
    b = gen(llama, until=["\x00"], max_gen_toks=12, do_sample=True, temperature=5.0)
    greedy = gen(llama, until=["\x00"], max_gen_toks=12)
    assert a == b and a != greedy


def test_seq2seq_generation_matches_a_decoder_loop(t5):
    enc = torch.tensor([t5.encoder.encode(PROMPT)])
    dec = [t5.model.config.decoder_start_token_id]
    with torch.no_grad():
        for _ in range(5):
            nxt = int(t5.model(input_ids=enc, decoder_input_ids=torch.tensor([dec])).logits[0, -1].argmax())
            dec.append(nxt)
            if nxt == t5.eot_token_id:
                break
    want = t5.tok_decode(dec)
    # generate() gets max_length = prompt length + max_gen_toks, as lm-eval passes it; for
    # encoder-decoders transformers 4.x reads that as the decoder length (more tokens), 5.x not
    assert gen(t5, until=["\x00"], max_gen_toks=5).startswith(want)


def test_chat_messages_are_rendered_before_generation(llama):
    msgs = ({"role": "user", "content": "What is the moon?"},)
    a = llama.generate_until([GenerateRequest.make(msgs, {"until": ["\n"], "max_gen_toks": 4})])
    b = gen(llama, llama.apply_chat_template(list(msgs)), until=["\n"], max_gen_toks=4)
    assert a == [b]


# -- pure helpers ------------------------------------------------------------------------


def test_normalize_gen_kwargs():
    out = normalize_gen_kwargs({"until": "\n", "max_new_tokens": 5, "max_tokens": 9})
    assert out == {"until": ["\n"], "max_gen_toks": 5, "do_sample": False}
    assert normalize_gen_kwargs({"temperature": 0.7})["do_sample"] is True
    assert normalize_gen_kwargs({"do_sample": False, "temperature": 0.7})["temperature"] == 0.0
    assert normalize_gen_kwargs({})["max_gen_toks"] == 256


def test_stop_sequences_and_postprocessing():
    assert stop_sequences("\n", "</s>") == ["\n", "</s>"]
    assert stop_sequences(None, None) == []
    assert stop_sequences(["a", "</s>"], "</s>") == ["a", "</s>"]
    with pytest.raises(UsageError):
        stop_sequences(3, None)  # type: ignore[arg-type]
    assert postprocess_generation("abc\n\ndef", ["\n\n", "c"]) == "ab"
    assert postprocess_generation("x", ["", "y"]) == "x"
    assert postprocess_generation("reason</think>  answer\nmore", ["\n"], "</think>") == "answer"
    assert strip_think_tokens([1, 9, 2, 9, 3], 9) == ([3], True)
    assert strip_think_tokens([1, 2], 9) == ([1, 2], False)


def test_the_batch_stops_when_one_stop_string_is_in_every_row(llama):
    """lm-eval's rule with one decode per step: rows that each saw a different stop string do
    not end the batch; one string seen by every row does, and 'seen' sticks."""
    from lmeval_hf.generation import stopping_criteria

    tok = llama.tokenizer
    prompt = tok("Question:", add_special_tokens=False, return_tensors="pt")["input_ids"]
    width = prompt.shape[1]

    def ids(*texts):
        rows = [tok(t, add_special_tokens=False)["input_ids"] for t in texts]
        n = max(map(len, rows))
        pad = tok.pad_token_id if tok.pad_token_id is not None else 0
        rows = [[pad] * (n - len(r)) + r for r in rows]  # left padding, as generation does
        return torch.cat([prompt.repeat(len(rows), 1), torch.tensor(rows)], dim=1)

    (crit,) = stopping_criteria(["STOP", "END"], tok, width, 2)
    assert crit(ids(" a b", " c d"), None) is False
    assert crit(ids(" a STOP", " c END"), None) is False      # different strings per row
    assert crit(ids(" STOP x y z w v", " c d e f g h"), None) is False  # row 0's STOP stays seen
    assert crit(ids(" q r s t u v", " c d END"), None) is False   # END only ever in row 1
    assert crit(ids(" q r s t u v", " x STOP"), None) is True     # STOP now seen in both rows
    (fresh,) = stopping_criteria(["STOP", "END"], tok, width, 2)
    assert fresh(ids(" a END", " b END"), None) is True
    assert not stopping_criteria([], tok, width, 2)
