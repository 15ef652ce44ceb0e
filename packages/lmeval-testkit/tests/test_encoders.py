"""lmeval_testkit.encoders: tiny BERTs, loaded by Hub id from a local Hub cache with no download."""

from __future__ import annotations

import pytest

pytest.importorskip("transformers", reason="the encoder builders need transformers (lmeval-testkit[hf])")

from lmeval_testkit.encoders import build_tiny_bert, install_in_hub_cache, serve_tiny_berts  # noqa: E402


def test_tiny_bert_tokenizes_arabic_latin_and_arabizi_without_unk(tmp_path):
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(build_tiny_bert(tmp_path / "bert"))
    ids = tokenizer("واحد الجملة، Une phrase à 3 mots! wa7ed jomla")["input_ids"]
    assert tokenizer.unk_token_id not in ids
    assert ids[0] == tokenizer.cls_token_id and ids[-1] == tokenizer.sep_token_id
    assert build_tiny_bert(tmp_path / "bert") == tmp_path / "bert"  # idempotent


def test_a_model_served_under_a_hub_id_loads_offline_by_that_id(tmp_path):
    import torch
    from transformers import AutoModel

    cache = serve_tiny_berts(tmp_path / "hub", ["org/first-bert", "other-org/second"])
    first = AutoModel.from_pretrained("org/first-bert", cache_dir=str(cache), local_files_only=True)
    second = AutoModel.from_pretrained("other-org/second", cache_dir=str(cache), local_files_only=True)
    assert first.config.num_hidden_layers == 12
    assert not torch.equal(first.embeddings.word_embeddings.weight, second.embeddings.word_embeddings.weight)
    snapshot = install_in_hub_cache(tmp_path / "hub-models" / "bert-0", tmp_path / "hub2", "org/first-bert")
    assert (tmp_path / "hub2" / "models--org--first-bert" / "refs" / "main").read_text() == snapshot.name
    assert (snapshot / "config.json").is_file() and not (snapshot / ".lmeval-testing.json").exists()
