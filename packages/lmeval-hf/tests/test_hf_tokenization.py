"""The encoding contract (context/continuation split, prefix token, BOS handling) and rolling
windows, checked against explicit expectations on the real tiny tokenizers."""

from __future__ import annotations

import random

import pytest
from lmeval.backend.encoding import (
    TokenEncoder,
    encode_pair,
    move_trailing_whitespace,
    resolve_max_length,
)
from lmeval.backend.rolling import disjoint, loglikelihood_windows, rolling_windows
from transformers import AutoTokenizer


@pytest.fixture(scope="module")
def llama_tok(llama_path):
    return AutoTokenizer.from_pretrained(llama_path)


@pytest.fixture(scope="module")
def t5_tok(t5_path):
    return AutoTokenizer.from_pretrained(t5_path)


def test_trailing_whitespace_moves_to_continuation():
    assert move_trailing_whitespace("Answer: ", "yes") == ("Answer:", " yes")
    assert move_trailing_whitespace("Answer:\n\n", "yes") == ("Answer:", "\n\nyes")
    assert move_trailing_whitespace("Answer:", " yes") == ("Answer:", " yes")


def test_causal_pair_splits_the_joint_encoding_at_the_context_length(llama_tok):
    enc = TokenEncoder(llama_tok)
    ctx, cont = enc.pair("Question: what is the sun? Answer: ", "light")
    whole = llama_tok.encode("Question: what is the sun? Answer: light")
    context = llama_tok.encode("Question: what is the sun? Answer:")
    assert ctx == context and ctx[0] == llama_tok.bos_token_id
    assert ctx + cont == whole[:len(context)] + whole[len(context):]
    assert cont == whole[len(context):]


def test_seq2seq_pair_encodes_separately(t5_tok):
    enc = TokenEncoder(t5_tok, causal=False)
    ctx, cont = enc.pair("The cat is ", "red")
    assert ctx == t5_tok.encode("The cat is")  # with the appended </s>
    assert ctx[-1] == t5_tok.eos_token_id
    assert cont == t5_tok.encode(" red", add_special_tokens=False)


def test_empty_context_uses_the_prefix_token(llama_tok, gpt2_path):
    enc = TokenEncoder(llama_tok)
    ctx, cont = enc.pair("", "The cat")
    assert ctx == [llama_tok.bos_token_id]
    assert cont == llama_tok.encode("The cat", add_special_tokens=False)
    gpt2_tok = AutoTokenizer.from_pretrained(gpt2_path)
    assert TokenEncoder(gpt2_tok).pair("", "x")[0] == [gpt2_tok.eos_token_id]  # no BOS: EOS
    assert TokenEncoder(llama_tok, prefix_token_id=7).pair("", "x")[0] == [7]


def test_continuation_starting_with_the_prefix_token_provides_the_context(llama_tok):
    enc = TokenEncoder(llama_tok)
    ctx, cont = enc.pair("", "<s>The cat")
    assert ctx == [llama_tok.bos_token_id]
    assert cont == llama_tok.encode("The cat", add_special_tokens=False)


def test_text_already_starting_with_bos_gets_no_second_bos(llama_tok):
    enc = TokenEncoder(llama_tok)
    assert enc.encode("<s>Hello") == llama_tok.encode("Hello")
    assert enc.encode("Hello").count(llama_tok.bos_token_id) == 1


def test_add_bos_token_overrides_the_tokenizer_default(llama_tok, gpt2_path):
    assert TokenEncoder(llama_tok, add_bos_token=False).encode("Hi")[0] != llama_tok.bos_token_id
    gpt2_tok = AutoTokenizer.from_pretrained(gpt2_path)
    assert TokenEncoder(gpt2_tok).encode("Hi") == gpt2_tok.encode("Hi", add_special_tokens=False)


def test_encode_pair_refuses_an_empty_context(llama_tok):
    with pytest.raises(ValueError):
        encode_pair(TokenEncoder(llama_tok).encode, "", "x", causal=True)


def test_left_truncation(llama_tok):
    enc = TokenEncoder(llama_tok)
    full = enc.encode("The cat is on the tree and the dog is in the house")
    assert enc.encode("The cat is on the tree and the dog is in the house",
                      left_truncate_len=3) == full[-3:]


def test_max_length_resolution(llama):
    assert resolve_max_length(llama.model.config, llama.tokenizer) == 512
    assert llama.max_length == 128  # the model argument wins

    class Bare:
        pass

    assert resolve_max_length(Bare(), None) == 2048


def test_rolling_windows_small_example():
    windows = list(rolling_windows([1, 2, 3, 4, 5, 6, 7], prefix_token=0, max_seq_len=3))
    assert windows == [([0, 1, 2], [1, 2, 3]), ([3, 4, 5], [4, 5, 6]), ([4, 5, 6], [7])]
    # the last window keeps its full context: only the overlap with predictions is cut
    assert [disjoint(w) for w in windows] == [([0], [1, 2, 3]), ([3], [4, 5, 6]), ([4, 5, 6], [7])]
    assert list(rolling_windows([], 0, 4)) == []
    with pytest.raises(ValueError):
        list(rolling_windows([1], 0, 4, context_len=5))


@pytest.mark.parametrize("max_len", [1, 2, 5, 16])
def test_rolling_windows_predict_every_token_once_in_order(max_len):
    rng = random.Random(max_len)
    for n in (1, max_len - 1, max_len, max_len + 1, 3 * max_len + 2):
        if n <= 0:
            continue
        tokens = [rng.randrange(100, 200) for _ in range(n)]
        windows = loglikelihood_windows(tokens, 0, max_len)
        assert [t for _, pred in windows for t in pred] == tokens
        for ctx, pred in windows:
            assert len(ctx) + len(pred) - 1 <= max_len and ctx
            joined = ctx + pred
            # the window is a contiguous slice of prefix + text
            stream = [0] + tokens
            start = next(i for i in range(len(stream)) if stream[i:i + len(joined)] == joined)
            assert stream[start + len(ctx):start + len(joined)] == pred
        assert windows[0][0] == [0]


def _texts(tok, seed: int) -> list[str]:
    """Strings of many kinds: words, digits, punctuation runs, several spaces and newlines,
    non-ASCII, the tokenizer's own special-token text."""
    rng = random.Random(seed)
    parts = ["Question:", " Answer:", "\n\n", "  ", "\t", "123", "4.5", "ü", "日本語", "🙂",
             "don't", "!!", " A", "B", "_", "—", tok.bos_token or "", tok.eos_token or ""]
    return ["".join(rng.choice(parts) for _ in range(rng.randint(1, 40))) for _ in range(60)]


@pytest.mark.parametrize("kwargs", [{}, {"add_special_tokens": True},
                                    {"add_special_tokens": False}])
@pytest.mark.parametrize("which", ["llama", "gpt2", "t5"])
def test_offset_free_batch_encode_equals_the_tokenizers_own(which, kwargs, llama_path,
                                                           gpt2_path, t5_path):
    from lmeval.backend.encoding import offset_free_batch

    tok = AutoTokenizer.from_pretrained({"llama": llama_path, "gpt2": gpt2_path,
                                         "t5": t5_path}[which])
    for seed in range(3):
        texts = _texts(tok, seed)
        ids = offset_free_batch(tok, texts, kwargs)
        assert ids == [list(x) for x in tok(texts, **kwargs)["input_ids"]]
        encoder = TokenEncoder(tok, causal=which != "t5")
        many = encoder.encode_many([(t, kwargs.get("add_special_tokens")) for t in texts])
        assert [many[(t, kwargs.get("add_special_tokens"))] for t in texts] == [
            tok.encode(t, **encoder._kwargs(t, kwargs.get("add_special_tokens"))) for t in texts]


def test_offset_free_batch_encode_steps_aside_where_it_could_differ(llama_path):
    from lmeval.backend.encoding import offset_free_batch

    tok = AutoTokenizer.from_pretrained(llama_path)
    texts = ["one two three", "four five"]
    assert offset_free_batch(tok, texts, {"truncation": True}) is None  # other keywords
    tok._tokenizer.enable_truncation(2)
    assert offset_free_batch(tok, texts, {}) is None  # the wrapper would clear it first
    tok._tokenizer.no_truncation()
    tok.split_special_tokens = True
    assert offset_free_batch(tok, texts, {}) is None
    tok.split_special_tokens = False

    class Own(type(tok)):  # a tokenizer class that encodes its own way
        def __call__(self, text, **kwargs):
            out = super().__call__(text, **kwargs)
            out["input_ids"] = [list(x) + [0] for x in out["input_ids"]] if isinstance(
                text, list) else list(out["input_ids"]) + [0]
            return out

    tok.__class__ = Own
    assert offset_free_batch(tok, texts, {}) is None
