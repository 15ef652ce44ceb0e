"""The GPU benchmark's model: Qwen2.5-0.5B's shape as a random Llama, built from its config.

Nothing is downloaded. The tokenizer is lmeval-hf's locally trained byte-level BPE
(:func:`lmeval_testkit.hf.build_tokenizer`, the vocabulary of the parity fixtures' text) whose
vocabulary is padded with unreachable entries up to the model's 151,936 rows, so that every
backend normalises over the same full vocabulary (lmeval's ``megatron_lm``, like Megatron,
drops logits beyond the tokenizer's size). The padding rows of the tied embedding are zero:
their logit is exactly 0, below the learned tokens' best one, so greedy generation stays on
tokens the tokenizer can decode, while the output layer and the softmax keep their real size.

Shapes (``SHAPES``):

* ``qwen2.5-0.5b``: hidden 896, 24 layers, 14 heads with 2 key/value groups, MLP 4864, tied
  embeddings, RMSNorm 1e-6, RoPE base 1e6: 494M parameters, Qwen2.5-0.5B's count. It is a
  ``LlamaForCausalLM``, i.e. Qwen2 without the q/k/v biases (lmeval-megatron's converter maps
  Llama weights). The context window is 2048 (Qwen2.5-0.5B: 32768), so that ``--batch_size
  auto`` probes an evaluation-sized window, not 32k tokens times 152k logits.
* ``tiny``: hidden 128 (head size 32, which vLLM's CPU build supports), 2 layers,
  vocabulary 2048: the same code on a CPU (``--cpu``).

Weights are drawn on ``device`` with transformers' own initialisation (normal, std 0.02) from
a fixed seed and saved in bfloat16, as released checkpoints are.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

SHAPES: dict[str, dict[str, Any]] = {
    "qwen2.5-0.5b": {"hidden": 896, "intermediate": 4864, "layers": 24, "heads": 14,
                     "kv_heads": 2, "vocab": 151936, "max_position": 2048},
    "tiny": {"hidden": 128, "intermediate": 256, "layers": 2, "heads": 4, "kv_heads": 2,
             "vocab": 2048, "max_position": 1024},
}
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json")
STAMP = ".gpu-bench-model.json"
_PAD = "\u4e00pad{}"  # a character outside the byte-level alphabet: no input encodes to it


def pad_tokenizer(directory: Path, size: int) -> dict[str, int]:
    """Pad ``tokenizer.json``'s BPE vocabulary to ``size`` entries; returns the special ids."""
    from tokenizers import Tokenizer

    path = directory / "tokenizer.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    vocab = data["model"]["vocab"]
    learned = len(vocab)
    if learned > size:
        raise ValueError(f"the trained tokenizer has {learned} tokens, more than {size}")
    vocab.update({_PAD.format(i): i for i in range(learned, size)})
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    tok = Tokenizer.from_file(str(path))
    if tok.get_vocab_size(with_added_tokens=True) != size:
        raise RuntimeError(f"padded tokenizer has {tok.get_vocab_size()} tokens, not {size}")
    return {"learned": learned, "bos": tok.token_to_id("<s>"), "eos": tok.token_to_id("</s>"),
            "pad": tok.token_to_id("<pad>")}


def build_model(directory: Path, shape: str = "qwen2.5-0.5b", *, device: str = "cpu",
                seed: int = 0) -> Path:
    """Build (or reuse) the model directory; returns it."""
    spec = SHAPES[shape]
    want = {"shape": shape, "seed": seed, **spec, "format": 1}
    stamp = directory / STAMP
    if stamp.is_file() and json.loads(stamp.read_text()) == want:
        return directory
    import torch
    import transformers
    from lmeval_testkit.hf import build_tokenizer
    from transformers import LlamaConfig, LlamaForCausalLM

    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    tok_dir = build_tokenizer(directory.parent / f".{directory.name}-tokenizer",
                              vocab_size=8192, seed=seed, style="llama", chat_template=True)
    for name in TOKENIZER_FILES:
        shutil.copy(tok_dir / name, directory / name)
    ids = pad_tokenizer(directory, spec["vocab"])
    rope: dict[str, Any] = ({"rope_parameters": {"rope_type": "default", "rope_theta": 1e6}}
                            if int(transformers.__version__.split(".")[0]) >= 5
                            else {"rope_theta": 1e6})
    config = LlamaConfig(
        vocab_size=spec["vocab"], hidden_size=spec["hidden"],
        intermediate_size=spec["intermediate"], num_hidden_layers=spec["layers"],
        num_attention_heads=spec["heads"], num_key_value_heads=spec["kv_heads"],
        max_position_embeddings=spec["max_position"], rms_norm_eps=1e-6,
        tie_word_embeddings=True, initializer_range=0.02, bos_token_id=ids["bos"],
        eos_token_id=ids["eos"], pad_token_id=ids["pad"], **rope)
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        if device.startswith("cuda"):
            torch.cuda.manual_seed_all(seed)
        with torch.device(device):
            model = LlamaForCausalLM(config)
    model = model.to(torch.bfloat16).eval()
    with torch.no_grad():
        model.get_input_embeddings().weight[ids["learned"]:] = 0
    model.save_pretrained(str(directory), safe_serialization=True)
    transformers.GenerationConfig(bos_token_id=ids["bos"], eos_token_id=ids["eos"],
                                  pad_token_id=ids["pad"], do_sample=False
                                  ).save_pretrained(str(directory))
    params = sum(p.numel() for p in model.parameters())
    del model
    if device.startswith("cuda"):
        torch.cuda.empty_cache()
    info = {**want, "parameters": params, "learned_tokens": ids["learned"]}
    (directory / "bench-model.json").write_text(json.dumps(info, indent=2) + "\n")
    stamp.write_text(json.dumps(want) + "\n")
    return directory


def describe(directory: Path) -> dict[str, Any]:
    """What :func:`build_model` recorded: shape, parameter count, learned tokens."""
    return json.loads((directory / "bench-model.json").read_text())
