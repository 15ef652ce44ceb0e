"""Tiny encoder models for metrics that embed text (BERTScore), and a local Hub cache to serve them.

Metrics such as lm-eval's BERTScore name their model by Hub id (``SI2M-Lab/DarijaBERT``) and
nothing here may be downloaded. :func:`build_tiny_bert` builds a small random BERT locally and
:func:`install_in_hub_cache` lays it out as the Hugging Face Hub cache holds that id, so the
metric's own ``from_pretrained("<hub id>")`` loads it, unchanged, with ``HF_HUB_CACHE`` pointing
at the cache and ``HF_HUB_OFFLINE=1``::

    from lmeval_testkit.encoders import build_tiny_bert, install_in_hub_cache
    bert = build_tiny_bert(tmp / "bert")
    install_in_hub_cache(bert, tmp / "hub", "SI2M-Lab/DarijaBERT")

Stable API (only add keyword arguments):

``build_tiny_bert(directory, *, hidden=32, layers=12, heads=2, max_position=512, seed=0,
lower_case=False)``
    ``BertModel`` with a WordPiece tokenizer whose vocabulary is single characters (ASCII,
    Latin-1 letters, the Arabic block), each also as a ``##`` continuation, after ``[PAD]``,
    ``[UNK]``, ``[CLS]``, ``[SEP]``, ``[MASK]``: every word of those scripts tokenizes without
    ``[UNK]``. Twelve layers by default, as BERTScore callers ask for layer 12 of BERT-base
    models. Idempotent like :mod:`lmeval_testkit.hf`'s builders.

``install_in_hub_cache(model_dir, cache_dir, repo_id, *, revision="main")``
    Copies the model's files to ``<cache_dir>/models--<org>--<name>/snapshots/<commit>/`` and
    writes ``refs/<revision>``; the commit is a hash of the files. Returns the snapshot folder.

``serve_tiny_berts(cache_dir, repo_ids)``
    A Hub cache holding a different tiny BERT (seed = position in ``repo_ids``) under each id.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

from lmeval_testkit.hf import STAMP, _build_once

__all__ = ["build_tiny_bert", "install_in_hub_cache", "serve_tiny_berts", "tiny_bert_vocab"]

_SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def tiny_bert_vocab() -> list[str]:
    """The character vocabulary of :func:`build_tiny_bert`, in id order."""
    chars = [chr(c) for c in range(0x21, 0x7F)]
    chars += [chr(c) for c in range(0xC0, 0x100) if chr(c).isalpha()]
    chars += [chr(c) for c in range(0x0600, 0x0700) if chr(c).isprintable()]
    return _SPECIALS + chars + [f"##{c}" for c in chars]


def build_tiny_bert(
    directory: str | os.PathLike[str],
    *,
    hidden: int = 32,
    layers: int = 12,
    heads: int = 2,
    max_position: int = 512,
    seed: int = 0,
    lower_case: bool = False,
) -> Path:
    """A tiny random ``BertModel`` and its character WordPiece tokenizer, saved to ``directory``."""
    params = {"kind": "bert", "build": 2, "hidden": hidden, "layers": layers, "heads": heads,
              "max_position": max_position, "seed": seed, "lower_case": lower_case}

    def write(d: Path) -> None:
        import torch
        from transformers import BertConfig, BertModel, BertTokenizer

        vocab = tiny_bert_vocab()
        (d / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
        tokenizer = BertTokenizer(str(d / "vocab.txt"), do_lower_case=lower_case,  # vocab_file (4) or vocab (5)
                                  model_max_length=max_position)
        tokenizer.save_pretrained(str(d))
        config = BertConfig(vocab_size=len(vocab), hidden_size=hidden, num_hidden_layers=layers,
                            num_attention_heads=heads, intermediate_size=hidden * 2,
                            max_position_embeddings=max_position, pad_token_id=0)
        with torch.random.fork_rng(devices=[]):
            torch.manual_seed(seed)
            model = BertModel(config)
        model.eval()
        model.save_pretrained(str(d), safe_serialization=True)

    return _build_once(Path(directory), params, write)


def install_in_hub_cache(model_dir: str | os.PathLike[str], cache_dir: str | os.PathLike[str],
                         repo_id: str, *, revision: str = "main") -> Path:
    """``model_dir`` served as ``repo_id`` from the Hub cache at ``cache_dir`` (see module doc)."""
    source = Path(model_dir)
    files = sorted(p for p in source.iterdir() if p.is_file() and p.name != STAMP)
    digest = hashlib.sha1(repo_id.encode())
    for path in files:
        digest.update(path.name.encode() + path.read_bytes())
    commit = digest.hexdigest()
    repo = Path(cache_dir) / f"models--{repo_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / commit
    snapshot.mkdir(parents=True, exist_ok=True)
    for path in files:
        shutil.copyfile(path, snapshot / path.name)
    (repo / "refs").mkdir(exist_ok=True)
    (repo / "refs" / revision).write_text(commit)
    return snapshot


def serve_tiny_berts(cache_dir: str | os.PathLike[str], repo_ids: list[str]) -> Path:
    """A Hub cache at ``cache_dir`` holding a different tiny BERT (seed = position) under each
    of ``repo_ids``; returns ``cache_dir``. Point ``HF_HUB_CACHE`` at it (with ``HF_HUB_OFFLINE=1``)."""
    cache = Path(cache_dir)
    for seed, repo_id in enumerate(repo_ids):
        model = build_tiny_bert(cache.parent / f"{cache.name}-models" / f"bert-{seed}", seed=seed)
        install_in_hub_cache(model, cache, repo_id)
    return cache
