"""Deterministic tiny models and tokenizers for tests: nothing is downloaded.

Every lmeval package that needs a real transformers model in its tests builds one here::

    from lmeval_testkit.hf import build_tiny_llama
    path = build_tiny_llama(tmp_path_factory.mktemp("m") / "llama")
    lm = HFLM(pretrained=str(path))

Stable API (other packages import it; only add keyword arguments):

``build_tokenizer(directory, *, vocab_size=512, seed=0, style="llama", chat_template=True)``
    A byte-level BPE tokenizer trained with the ``tokenizers`` library on a fixed corpus
    generated from ``seed``. Pre-tokenizer: GPT-2's (``ByteLevel`` with the GPT-2 split
    regex, no prefix space), decoder ``ByteLevel`` — declared as ``"gpt-2"`` for GGUF
    conversion (:data:`GGUF_PRE_TOKENIZER`; llama.cpp identifies a BPE pre-tokenizer by a hash
    of token ids, which a locally trained vocabulary never matches, so converters must map it
    to ``"gpt-2"`` themselves). ``style`` picks the special-token behaviour:

    * ``"llama"``: ``<s>`` prepended to every encoding (BOS), EOS ``</s>``, pad ``<pad>``.
    * ``"gpt2"``: nothing added; BOS = EOS = ``<|endoftext|>`` (as GPT-2).
    * ``"t5"``: ``</s>`` appended (EOS), pad ``<pad>`` (the decoder start token), no BOS.

    Writes ``tokenizer.json``, ``tokenizer_config.json`` (``PreTrainedTokenizerFast``, the chat
    template inline) and ``special_tokens_map.json``. The vocabulary is the same for every
    style with the same ``vocab_size`` and ``seed``; :data:`SPECIAL_TOKENS` have fixed ids
    0.. in that order, followed by ``<think>`` and ``</think>`` (added tokens, not special:
    they survive decoding), then the learned byte-level tokens.

``build_tiny_llama(directory, *, hidden=64, layers=2, heads=4, kv_heads=2, vocab_size=512,
max_position=512, seed=0, chat_template=True)``
    ``LlamaForCausalLM`` (grouped-query attention with ``kv_heads``), llama-style tokenizer.

``build_tiny_gpt2(directory, *, hidden=64, layers=2, heads=4, vocab_size=512,
max_position=256, seed=0, chat_template=True)``
    ``GPT2LMHeadModel``, gpt2-style tokenizer.

``build_tiny_t5(directory, *, hidden=64, layers=2, heads=4, vocab_size=512, seed=0,
chat_template=False)``
    ``T5ForConditionalGeneration`` (seq2seq), t5-style tokenizer.

Each model builder writes ``config.json``, ``model.safetensors``, ``generation_config.json``
and the tokenizer files into ``directory`` and returns it as a :class:`~pathlib.Path`. Weights
are drawn from ``seed`` with a wider init than the transformers default, so the tiny models
have peaked, tie-free next-token distributions. Builders are idempotent: a directory already
built with the same arguments is reused as is (a ``.lmeval-testing.json`` stamp records them);
builds go to a temporary sibling directory that is renamed into place, so concurrent builders
do not see half-written files.

:data:`CHAT_TEMPLATE` is the template written when ``chat_template=True``: each message as
``<|role|>\\n{content}<|end|>\\n``, then ``<|assistant|>\\n`` for a generation prompt.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = [
    "CHAT_TEMPLATE",
    "GGUF_PRE_TOKENIZER",
    "SPECIAL_TOKENS",
    "THINK_TOKENS",
    "build_tiny_gpt2",
    "build_tiny_llama",
    "build_tiny_t5",
    "build_tokenizer",
    "generate_corpus",
]

STAMP = ".lmeval-testing.json"
_FORMAT = 2  # bump when the files written change for the same arguments

GGUF_PRE_TOKENIZER = "gpt-2"
SPECIAL_TOKENS = (
    "<pad>",
    "<s>",
    "</s>",
    "<unk>",
    "<|endoftext|>",
    "<|system|>",
    "<|user|>",
    "<|assistant|>",
    "<|end|>",
)
THINK_TOKENS = ("<think>", "</think>")
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "<|{{ message['role'] }}|>\n{{ message['content'] }}<|end|>\n"
    "{% endfor %}"
    "{% if add_generation_prompt %}<|assistant|>\n{% endif %}"
)

_WORDS = (
    "the of and to in is was that for on as with by he at from his an were are which this be "
    "or has had not but first one their its new after who they have her she two been other "
    "when there all during into school time may years more most only over city some world "
    "would where later up such used many can state about national out known university united "
    "then made question answer true false yes no because water light sun moon river mountain "
    "north south east west red blue green small large number cat dog bird fish tree house "
    "science history music paper energy system model language computer data people"
).split()


def generate_corpus(seed: int = 0, n_lines: int = 1500) -> list[str]:
    """The fixed training corpus: sentences, Q/A lines, numbers and punctuation from ``seed``."""
    rng = random.Random(seed)
    lines = []
    for i in range(n_lines):
        n = rng.randint(4, 18)
        words = [rng.choice(_WORDS) for _ in range(n)]
        words[0] = words[0].capitalize()
        if i % 5 == 0:
            line = f"Question: {' '.join(words)}?\nAnswer: {rng.choice(_WORDS)}"
        elif i % 7 == 0:
            line = f"{rng.randint(0, 9999)} + {rng.randint(0, 999)} = {rng.randint(0, 99999)}."
        elif i % 11 == 0:
            line = " ".join(words) + f", ({rng.choice(_WORDS)}); \"{rng.choice(_WORDS)}\"!"
        else:
            line = " ".join(words) + "."
        lines.append(line)
    return lines


# --------------------------------------------------------------------------- tokenizer


_STYLES = {
    "llama": {"bos": "<s>", "eos": "</s>", "unk": "<unk>", "pad": "<pad>", "add": "bos"},
    "gpt2": {
        "bos": "<|endoftext|>",
        "eos": "<|endoftext|>",
        "unk": "<|endoftext|>",
        "pad": None,
        "add": None,
    },
    "t5": {"bos": None, "eos": "</s>", "unk": "<unk>", "pad": "<pad>", "add": "eos"},
}


def build_tokenizer(
    directory: str | os.PathLike[str],
    *,
    vocab_size: int = 512,
    seed: int = 0,
    style: str = "llama",
    chat_template: bool = True,
) -> Path:
    """Train (or reuse) a byte-level BPE tokenizer in ``directory``; see the module docstring."""
    if style not in _STYLES:
        raise ValueError(f"style must be one of {sorted(_STYLES)}, not {style!r}")
    params = {
        "kind": "tokenizer",
        "vocab_size": vocab_size,
        "seed": seed,
        "style": style,
        "chat_template": chat_template,
    }
    return _build_once(
        Path(directory),
        params,
        lambda d: _write_tokenizer(d, vocab_size, seed, style, chat_template),
    )


def _write_tokenizer(
    directory: Path, vocab_size: int, seed: int, style: str, chat_template: bool
) -> dict[str, int | None]:
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, processors
    from tokenizers.trainers import BpeTrainer

    spec = _STYLES[style]
    tok = Tokenizer(models.BPE(unk_token=None, fuse_unk=False, byte_fallback=False))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    trainer = BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=list(SPECIAL_TOKENS) + list(THINK_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(generate_corpus(seed), trainer=trainer)
    # Re-declare the think markers as plain added tokens (decoded, not skipped).
    tok.add_tokens([AddedToken(t, special=False, normalized=False) for t in THINK_TOKENS])

    ids = {name: (tok.token_to_id(spec[name]) if spec[name] else None) for name in
           ("bos", "eos", "unk", "pad")}
    if spec["add"] == "bos":
        tok.post_processor = processors.TemplateProcessing(
            single=f"{spec['bos']} $A",
            pair=f"{spec['bos']} $A {spec['bos']} $B",
            special_tokens=[(spec["bos"], ids["bos"])],
        )
    elif spec["add"] == "eos":
        tok.post_processor = processors.TemplateProcessing(
            single=f"$A {spec['eos']}",
            pair=f"$A {spec['eos']} $B {spec['eos']}",
            special_tokens=[(spec["eos"], ids["eos"])],
        )
    else:
        tok.post_processor = processors.ByteLevel(trim_offsets=False)
    tok.save(str(directory / "tokenizer.json"))

    special_map: dict[str, Any] = {
        f"{name}_token": spec[name] for name in ("bos", "eos", "unk", "pad") if spec[name]
    }
    extra = [t for t in SPECIAL_TOKENS if t not in special_map.values()]
    special_map["additional_special_tokens"] = extra
    config: dict[str, Any] = {
        "tokenizer_class": "PreTrainedTokenizerFast",
        "model_max_length": int(1e30),
        "clean_up_tokenization_spaces": False,
        "add_bos_token": spec["add"] == "bos",
        "add_eos_token": spec["add"] == "eos",
        "padding_side": "right",
        "gguf_pre_tokenizer": GGUF_PRE_TOKENIZER,
        **special_map,
    }
    if chat_template:
        config["chat_template"] = CHAT_TEMPLATE
    _write_json(directory / "tokenizer_config.json", config)
    _write_json(directory / "special_tokens_map.json", special_map)
    ids["vocab_size"] = tok.get_vocab_size(with_added_tokens=True)
    return ids


# --------------------------------------------------------------------------- models


def build_tiny_llama(
    directory: str | os.PathLike[str],
    *,
    hidden: int = 64,
    layers: int = 2,
    heads: int = 4,
    kv_heads: int = 2,
    vocab_size: int = 512,
    max_position: int = 512,
    seed: int = 0,
    chat_template: bool = True,
    initializer_range: float = 0.2,
) -> Path:
    """A tiny random ``LlamaForCausalLM`` with a llama-style tokenizer, saved to ``directory``.

    ``initializer_range`` is 10x transformers' default (0.02) so that a tiny random model has
    peaked, distinct choice scores; 0.02 gives the near-uniform logits of a stock random init."""
    params = {"kind": "llama", "hidden": hidden, "layers": layers, "heads": heads,
              "kv_heads": kv_heads, "vocab_size": vocab_size, "max_position": max_position,
              "seed": seed, "chat_template": chat_template}
    if initializer_range != 0.2:  # keep the build key (and cached fixtures) of the default
        params["initializer_range"] = initializer_range

    def write(d: Path) -> None:
        from transformers import LlamaConfig, LlamaForCausalLM

        ids = _write_tokenizer(d, vocab_size, seed, "llama", chat_template)
        config = LlamaConfig(
            vocab_size=ids["vocab_size"],
            hidden_size=hidden,
            intermediate_size=hidden * 2,
            num_hidden_layers=layers,
            num_attention_heads=heads,
            num_key_value_heads=kv_heads,
            max_position_embeddings=max_position,
            bos_token_id=ids["bos"],
            eos_token_id=ids["eos"],
            pad_token_id=ids["pad"],
            tie_word_embeddings=False,
            initializer_range=initializer_range,
        )
        _save_model(d, LlamaForCausalLM, config, seed, ids)

    return _build_once(Path(directory), params, write)


def build_tiny_gpt2(
    directory: str | os.PathLike[str],
    *,
    hidden: int = 64,
    layers: int = 2,
    heads: int = 4,
    vocab_size: int = 512,
    max_position: int = 256,
    seed: int = 0,
    chat_template: bool = True,
) -> Path:
    """A tiny random ``GPT2LMHeadModel`` with a gpt2-style tokenizer, saved to ``directory``."""
    params = {"kind": "gpt2", "hidden": hidden, "layers": layers, "heads": heads,
              "vocab_size": vocab_size, "max_position": max_position, "seed": seed,
              "chat_template": chat_template}

    def write(d: Path) -> None:
        from transformers import GPT2Config, GPT2LMHeadModel

        ids = _write_tokenizer(d, vocab_size, seed, "gpt2", chat_template)
        config = GPT2Config(
            vocab_size=ids["vocab_size"],
            n_positions=max_position,
            n_embd=hidden,
            n_layer=layers,
            n_head=heads,
            bos_token_id=ids["bos"],
            eos_token_id=ids["eos"],
            initializer_range=0.2,
        )
        _save_model(d, GPT2LMHeadModel, config, seed, ids)

    return _build_once(Path(directory), params, write)


def build_tiny_t5(
    directory: str | os.PathLike[str],
    *,
    hidden: int = 64,
    layers: int = 2,
    heads: int = 4,
    vocab_size: int = 512,
    seed: int = 0,
    chat_template: bool = False,
) -> Path:
    """A tiny random ``T5ForConditionalGeneration`` with a t5-style tokenizer."""
    params = {"kind": "t5", "hidden": hidden, "layers": layers, "heads": heads,
              "vocab_size": vocab_size, "seed": seed, "chat_template": chat_template}

    def write(d: Path) -> None:
        from transformers import T5Config, T5ForConditionalGeneration

        ids = _write_tokenizer(d, vocab_size, seed, "t5", chat_template)
        config = T5Config(
            vocab_size=ids["vocab_size"],
            d_model=hidden,
            d_kv=hidden // heads,
            d_ff=hidden * 2,
            num_layers=layers,
            num_decoder_layers=layers,
            num_heads=heads,
            pad_token_id=ids["pad"],
            eos_token_id=ids["eos"],
            decoder_start_token_id=ids["pad"],
            initializer_factor=0.25,
            tie_word_embeddings=False,
        )
        _save_model(d, T5ForConditionalGeneration, config, seed, ids)

    return _build_once(Path(directory), params, write)


def _save_model(directory: Path, cls: Any, config: Any, seed: int, ids: dict) -> None:
    import torch
    from transformers import GenerationConfig

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = cls(config)
    model.eval()
    model.save_pretrained(str(directory), safe_serialization=True)
    gen = GenerationConfig(
        bos_token_id=ids["bos"],
        eos_token_id=ids["eos"],
        pad_token_id=ids["pad"] if ids["pad"] is not None else ids["eos"],
        decoder_start_token_id=getattr(config, "decoder_start_token_id", None),
        do_sample=False,
    )
    gen.save_pretrained(str(directory))


# --------------------------------------------------------------------------- plumbing


def _build_once(directory: Path, params: dict, write: Callable[[Path], Any]) -> Path:
    params = {**params, "format": _FORMAT}
    stamp = directory / STAMP
    if stamp.is_file():
        try:
            if json.loads(stamp.read_text()) == params:
                return directory
        except (OSError, ValueError):
            pass
    directory.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{directory.name}-", dir=directory.parent))
    try:
        write(tmp)
        _write_json(tmp / STAMP, params)
        if directory.exists():
            shutil.rmtree(directory, ignore_errors=True)
        try:
            os.replace(tmp, directory)
        except OSError:
            # Another process finished the same build first: keep theirs if it matches.
            if not (stamp.is_file() and json.loads(stamp.read_text()) == params):
                raise
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return directory


def _write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
