"""The core's tokenization contract (lmeval.backend.encoding, lmeval.backend.rolling) that lmeval-onnx scores
with, against lm-eval's HFLM rules, on a real HF tokenizer (no model needed)."""

from __future__ import annotations

import pytest
from lmeval.backend.encoding import TokenEncoder as Tokenization
from lmeval.backend.rolling import rolling_windows as rolling_token_windows


@pytest.mark.parametrize("n,max_len", [(1, 4), (4, 4), (5, 4), (23, 8), (100, 16), (7, 1)])
def test_rolling_windows_predict_every_token_once(n, max_len):
    tokens = list(range(100, 100 + n))
    windows = list(rolling_token_windows(tokens, prefix_token=0, max_seq_len=max_len))
    predicted = [t for _, pred in windows for t in pred]
    assert predicted == tokens
    first_ctx, first_pred = windows[0]
    assert first_ctx[0] == 0 and first_ctx[1:] == first_pred[:-1]
    for ctx, pred in windows:
        assert len(ctx) <= max_len and len(pred) <= max_len
        # each input window ends right before its last predicted token
        assert ctx[-1] == ([0] + tokens)[tokens.index(pred[-1])]


def test_rolling_windows_match_lm_eval_layout():
    # lm-eval: get_rolling_token_windows(range(10), prefix=-1, max_seq_len=4, context_len=1)
    got = list(rolling_token_windows(list(range(10)), -1, 4))
    assert got == [([-1, 0, 1, 2], [0, 1, 2, 3]), ([3, 4, 5, 6], [4, 5, 6, 7]),
                   ([5, 6, 7, 8], [8, 9])]


@pytest.fixture(scope="module")
def tok(tmp_path_factory):
    pytest.importorskip("lmeval_testkit.hf", reason="the test tokenizer comes from lmeval-hf")
    from lmeval_testkit.hf import build_tokenizer
    from transformers import AutoTokenizer

    path = build_tokenizer(tmp_path_factory.mktemp("tok") / "llama")
    return Tokenization(AutoTokenizer.from_pretrained(str(path)))


def test_pair_moves_trailing_space_and_splits_the_whole_encoding(tok):
    ctx, cont = tok.pair("Question: the cat?\nAnswer: ", "yes")
    whole = tok.encode("Question: the cat?\nAnswer: yes")
    assert ctx + cont == whole
    assert ctx == tok.encode("Question: the cat?\nAnswer:")
    assert tok.decode(cont) == " yes"
    assert ctx[0] == tok.tokenizer.bos_token_id  # llama-style: BOS from the tokenizer default


def test_empty_context_is_the_prefix_token(tok):
    ctx, cont = tok.pair("", "hello world")
    assert ctx == [tok.prefix_token_id] == [tok.tokenizer.bos_token_id]
    assert cont == tok.encode("hello world", add_special_tokens=False)


def test_text_starting_with_bos_gets_no_second_bos(tok):
    ids = tok.encode("<s>hello")
    assert ids.count(tok.tokenizer.bos_token_id) == 1


def test_add_bos_token_false_overrides_the_tokenizer(tok):
    plain = Tokenization(tok.tokenizer, add_bos_token=False)
    assert plain.encode("hello")[0] != tok.tokenizer.bos_token_id
    assert Tokenization(tok.tokenizer, prefix_token_id=7).prefix_token_id == 7
