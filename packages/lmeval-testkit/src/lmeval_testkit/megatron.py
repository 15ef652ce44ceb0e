"""Tiny Megatron checkpoints for tests and GPU checks, made from lmeval-hf's tiny models.

``build_megatron_checkpoint(directory, hf_dir, fmt="standard"|"distributed")`` turns a
transformers ``LlamaForCausalLM`` directory (e.g. :func:`lmeval_testkit.hf.build_tiny_llama`)
into a Megatron-LM save directory: ``latest_checkpointed_iteration.txt`` and
``iter_0000001/`` holding either ``mp_rank_00/model_optim_rng.pt`` or a megatron-core
distributed checkpoint, with training ``args`` as Megatron-LM writes them
(``--use-checkpoint-args`` reads them back). The weights are the HF model's, remapped to
megatron-core's ``GPTModel`` (local layer spec), so ``megatron_lm`` and ``hf`` must score the
same text the same way.

Both builders need megatron-core's model-parallel state initialised (world size 1) and, on a
CPU-only machine, :func:`cpu_shims`.

:func:`cpu_shims` is for tests on machines without CUDA only: megatron-core places tensors on
``torch.cuda.current_device()``, forks a CUDA RNG tracker inside attention and synchronises
CUDA when it writes distributed checkpoints. The context manager points the first at the CPU,
makes the tracker's fork a no-op and the synchronise a no-op, and restores all three on exit.
The backend itself never uses it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ITERATION = 1


@contextlib.contextmanager
def cpu_shims() -> Iterator[None]:
    """Let megatron-core run on a CUDA-less CPU build of torch (tests only)."""
    import torch
    from megatron.core.tensor_parallel import random as mrandom

    class _NoFork:
        @contextlib.contextmanager
        def fork(self, name: str = "") -> Iterator[None]:
            yield

        def get_states(self) -> dict:
            return {}

        def is_initialized(self) -> bool:
            return True

    saved = (torch.cuda.current_device, torch.cuda.synchronize,
             mrandom._CUDA_RNG_STATE_TRACKER, mrandom._CUDA_RNG_STATE_TRACKER_INITIALIZED)
    torch.cuda.current_device = lambda: "cpu"  # type: ignore[assignment]
    torch.cuda.synchronize = lambda *a, **k: None  # type: ignore[assignment]
    mrandom._CUDA_RNG_STATE_TRACKER = _NoFork()
    mrandom._CUDA_RNG_STATE_TRACKER_INITIALIZED = True
    try:
        yield
    finally:
        (torch.cuda.current_device, torch.cuda.synchronize,
         mrandom._CUDA_RNG_STATE_TRACKER, mrandom._CUDA_RNG_STATE_TRACKER_INITIALIZED) = saved


def init_single_process(port: int | None = None, backend: str = "gloo") -> None:
    """A one-rank process group and megatron-core parallel state (idempotent)."""
    import socket

    import torch.distributed as dist
    from megatron.core import parallel_state

    if not dist.is_initialized():
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        dist.init_process_group(backend, init_method=f"tcp://127.0.0.1:{port}", rank=0,
                                world_size=1)
    if not parallel_state.model_parallel_is_initialized():
        parallel_state.initialize_model_parallel(1, 1)


def megatron_args(hf_config: Any, tokenizer_dir: str, *, dtype: str = "float32") -> argparse.Namespace:
    """The training arguments Megatron-LM would save for this Llama architecture."""
    import torch

    heads = hf_config.num_attention_heads
    kv = getattr(hf_config, "num_key_value_heads", None) or heads
    return argparse.Namespace(
        num_layers=hf_config.num_hidden_layers,
        hidden_size=hf_config.hidden_size,
        ffn_hidden_size=hf_config.intermediate_size,
        num_attention_heads=heads,
        group_query_attention=kv != heads,
        num_query_groups=kv,
        kv_channels=hf_config.hidden_size // heads,
        seq_length=hf_config.max_position_embeddings,
        max_position_embeddings=hf_config.max_position_embeddings,
        position_embedding_type="rope",
        rotary_base=int(getattr(hf_config, "rope_theta", None)
                        or (getattr(hf_config, "rope_parameters", None) or {}).get("rope_theta",
                                                                                    10000)),
        rotary_percent=1.0,
        normalization="RMSNorm",
        norm_epsilon=hf_config.rms_norm_eps,
        swiglu=True,
        add_bias_linear=False,
        add_qkv_bias=False,
        untie_embeddings_and_output_weights=not hf_config.tie_word_embeddings,
        padded_vocab_size=hf_config.vocab_size,
        make_vocab_size_divisible_by=128,
        tokenizer_type="HuggingFaceTokenizer",
        tokenizer_model=tokenizer_dir,
        transformer_impl="local",
        bf16=dtype == "bfloat16",
        fp16=dtype == "float16",
        params_dtype={"float32": torch.float32, "bfloat16": torch.bfloat16,
                      "float16": torch.float16}[dtype],
        tensor_model_parallel_size=1,
        pipeline_model_parallel_size=1,
        hidden_dropout=0.1,
        attention_dropout=0.1,
        masked_softmax_fusion=True,
        bias_dropout_fusion=True,
        apply_rope_fusion=True,
        iteration=ITERATION,
    )


def llama_to_mcore(hf_state: dict[str, Any], hf_config: Any) -> dict[str, Any]:
    """An HF Llama state dict as megatron-core ``GPTModel`` (local spec) weights."""
    import torch

    heads = hf_config.num_attention_heads
    groups = getattr(hf_config, "num_key_value_heads", None) or heads
    dim = hf_config.hidden_size // heads
    h = hf_config.hidden_size
    out: dict[str, Any] = {
        "embedding.word_embeddings.weight": hf_state["model.embed_tokens.weight"],
        "decoder.final_layernorm.weight": hf_state["model.norm.weight"],
    }
    if not hf_config.tie_word_embeddings:
        out["output_layer.weight"] = hf_state["lm_head.weight"]
    for i in range(hf_config.num_hidden_layers):
        p = f"model.layers.{i}."
        q = hf_state[p + "self_attn.q_proj.weight"].view(groups, heads // groups * dim, h)
        k = hf_state[p + "self_attn.k_proj.weight"].view(groups, dim, h)
        v = hf_state[p + "self_attn.v_proj.weight"].view(groups, dim, h)
        m = f"decoder.layers.{i}."
        out[m + "self_attention.linear_qkv.weight"] = torch.cat([q, k, v], dim=1).reshape(-1, h)
        out[m + "self_attention.linear_proj.weight"] = hf_state[p + "self_attn.o_proj.weight"]
        out[m + "input_layernorm.weight"] = hf_state[p + "input_layernorm.weight"]
        out[m + "pre_mlp_layernorm.weight"] = hf_state[p + "post_attention_layernorm.weight"]
        out[m + "mlp.linear_fc1.weight"] = torch.cat(
            [hf_state[p + "mlp.gate_proj.weight"], hf_state[p + "mlp.up_proj.weight"]], dim=0)
        out[m + "mlp.linear_fc2.weight"] = hf_state[p + "mlp.down_proj.weight"]
    return out


def build_mcore_model(args: argparse.Namespace, *, device: str = "cpu") -> Any:
    """A megatron-core ``GPTModel`` (local spec) for ``args``, randomly initialised."""
    from lmeval_megatron import arguments
    from megatron.core.models.gpt import GPTModel
    from megatron.core.models.gpt.gpt_layer_specs import get_gpt_layer_local_spec
    from megatron.core.transformer.transformer_config import TransformerConfig

    config = TransformerConfig(**arguments.config_kwargs(
        args, params_dtype=args.params_dtype, tensor=1, expert=1,
        use_cpu_initialization=device == "cpu"))
    spec = get_gpt_layer_local_spec(normalization=args.normalization)
    return GPTModel(config=config, transformer_layer_spec=spec, **arguments.model_kwargs(args))


def hf_llama_as_mcore(hf_dir: str | os.PathLike[str], *, dtype: str = "float32",
                      device: str = "cpu") -> tuple[Any, argparse.Namespace]:
    """``(GPTModel with the HF model's weights, its Megatron args)``."""
    import torch
    import transformers

    hf = transformers.AutoModelForCausalLM.from_pretrained(str(hf_dir), dtype=torch.float32)
    args = megatron_args(hf.config, str(hf_dir), dtype=dtype)
    model = build_mcore_model(args, device=device)
    state = llama_to_mcore(hf.state_dict(), hf.config)
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [k for k in missing if not k.endswith("_extra_state")]
    if missing or unexpected:
        raise RuntimeError(f"llama -> mcore mapping incomplete: missing={missing}, "
                           f"unexpected={unexpected}")
    model = model.to(device=device, dtype=args.params_dtype)
    return model.eval(), args


def save_checkpoint(directory: str | os.PathLike[str], model: Any, args: argparse.Namespace, *,
                    fmt: str = "standard", iteration: int = ITERATION) -> Path:
    """Write ``model`` as Megatron-LM does (``fmt``: ``standard`` or ``distributed``)."""
    import torch
    from megatron.core import dist_checkpointing

    root = Path(directory)
    it_dir = root / f"iter_{iteration:07d}"
    it_dir.mkdir(parents=True, exist_ok=True)
    if fmt == "standard":
        shard = it_dir / "mp_rank_00"
        shard.mkdir(exist_ok=True)
        torch.save({"args": args, "checkpoint_version": 3.0, "iteration": iteration,
                    "model": {k: (v.cpu() if hasattr(v, "cpu") else v)
                              for k, v in model.state_dict().items()}},
                   shard / "model_optim_rng.pt")
    elif fmt == "distributed":
        from megatron.core.dist_checkpointing.strategies.torch import (
            TorchDistSaveShardedStrategy,
        )

        state = {"model": model.sharded_state_dict(), "args": args, "checkpoint_version": 3.0,
                 "iteration": iteration}
        dist_checkpointing.save(state, str(it_dir),
                                sharded_strategy=TorchDistSaveShardedStrategy("torch_dist", 1,
                                                                              thread_count=1))
    else:
        raise ValueError(f"fmt must be 'standard' or 'distributed', not {fmt!r}")
    (root / "latest_checkpointed_iteration.txt").write_text(f"{iteration}\n")
    return root


def build_megatron_checkpoint(directory: str | os.PathLike[str], hf_dir: str | os.PathLike[str],
                              *, fmt: str = "standard", dtype: str = "float32",
                              device: str = "cpu") -> Path:
    """An HF Llama directory saved as a Megatron checkpoint; returns the save directory."""
    model, args = hf_llama_as_mcore(hf_dir, dtype=dtype, device=device)
    return save_checkpoint(directory, model, args, fmt=fmt)


def load_args(directory: str | os.PathLike[str]) -> argparse.Namespace:
    """The training arguments saved in a Megatron checkpoint (either format)."""
    from lmeval_megatron import checkpoint

    info = checkpoint.resolve_checkpoint(directory)
    if info.distributed:
        return checkpoint.load_distributed_common(info.directory)["args"]
    return checkpoint.load_standard(checkpoint.standard_file(info.directory, 0, 1))["args"]
