"""From Megatron training arguments to a megatron-core ``TransformerConfig`` and ``GPTModel``.

``--use-checkpoint-args`` (on by default): the architecture comes from the ``args`` saved in
the checkpoint. ``extra_args`` are raw Megatron-LM options (``"--no-rope-fusion
--trust-remote-code"``) applied on top, so a user can correct or complete what the
checkpoint says. Only the arguments that shape the forward pass are used; training settings
(recompute, overlap, optimizer, ...) are ignored.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import shlex
from typing import Any

from lmeval.errors import UsageError
from lmeval.protocol import coerce_value

log = logging.getLogger("lmeval.megatron")

#: Megatron-LM flags whose destination is not their own name (flag -> (dest, value)).
FLAG_ALIASES: dict[str, tuple[str, Any]] = {
    "--no-masked-softmax-fusion": ("masked_softmax_fusion", False),
    "--no-bias-gelu-fusion": ("bias_gelu_fusion", False),
    "--no-bias-swiglu-fusion": ("bias_swiglu_fusion", False),
    "--no-bias-dropout-fusion": ("bias_dropout_fusion", False),
    "--no-rope-fusion": ("apply_rope_fusion", False),
    "--no-persist-layer-norm": ("persist_layer_norm", False),
    "--no-gradient-accumulation-fusion": ("gradient_accumulation_fusion", False),
    "--disable-bias-linear": ("add_bias_linear", False),
    "--no-position-embedding": ("add_position_embedding", False),
    "--no-rope-freq": ("no_rope_freq", True),
}
#: Flags that only matter to training or to Megatron-LM's own loader: accepted, ignored.
IGNORED_FLAGS = frozenset({
    "--no-load-optim", "--no-load-rng", "--use-checkpoint-args", "--use-mcore-models",
    "--exit-on-missing-checkpoint", "--use-dist-ckpt", "--auto-detect-ckpt-format",
    "--no-async-tensor-model-parallel-allreduce", "--no-save-optim", "--no-save-rng",
})

#: ``TransformerConfig`` fields read from the training arguments (same name in both).
ARCHITECTURE_FIELDS = (
    "num_layers", "hidden_size", "num_attention_heads", "num_query_groups", "ffn_hidden_size",
    "kv_channels", "apply_residual_connection_post_layernorm", "fp32_residual_connection",
    "add_bias_linear", "add_qkv_bias", "gated_linear_unit", "rotary_interleaved",
    "window_size", "normalization", "qk_layernorm", "qk_l2_norm", "apply_query_key_layer_scaling",
    "attention_softmax_in_fp32", "softmax_scale", "attention_output_gate", "glu_linear_offset",
    "activation_func_clamp_value", "no_rope_freq", "transformer_impl", "attention_backend",
    "multi_latent_attention", "q_lora_rank", "kv_lora_rank", "qk_head_dim", "qk_pos_emb_head_dim",
    "v_head_dim", "rotary_base", "rotary_percent", "rotary_scaling_factor", "expert_tensor_parallel_size",
    "mscale", "mscale_all_dim", "beta_fast", "beta_slow", "original_max_position_embeddings",
)
#: MoE fields that only matter to training.
_MOE_TRAINING = frozenset({"moe_aux_loss_coeff", "moe_z_loss_coeff", "moe_input_jitter_eps",
                           "moe_per_layer_logging", "moe_layer_recompute",
                           "moe_router_bias_update_rate", "moe_enable_routing_replay"})

#: Kernel fusions that need extra CUDA extensions; off unless ``extra_args`` turns them on.
INFERENCE_DEFAULTS = {
    "masked_softmax_fusion": False,
    "bias_activation_fusion": False,
    "bias_dropout_fusion": False,
    "gradient_accumulation_fusion": False,
    "persist_layer_norm": False,
    "hidden_dropout": 0.0,
    "attention_dropout": 0.0,
    "sequence_parallel": False,
    "recompute_granularity": None,
}


def parse_extra_args(extra_args: str | list[str] | None) -> list[str]:
    """Split ``extra_args`` shell-style: ``"--a 1 --b"`` -> ``["--a", "1", "--b"]``."""
    if not extra_args:
        return []
    if isinstance(extra_args, (list, tuple)):
        return [str(a) for a in extra_args]
    try:
        return shlex.split(str(extra_args))
    except ValueError as exc:
        raise UsageError(f"megatron_lm: extra_args {extra_args!r}: {exc}") from None


def extra_args_to_dict(tokens: list[str]) -> dict[str, Any]:
    """Megatron-LM options as ``{dest: value}``.

    ``--foo-bar V`` -> ``foo_bar=V`` (numbers and booleans parsed; several values -> a list),
    ``--foo-bar`` -> ``True``, ``--no-foo-bar`` -> ``foo_bar=False``; the flags of
    :data:`FLAG_ALIASES` map to their Megatron-LM destinations.
    """
    out: dict[str, Any] = {}
    i = 0
    while i < len(tokens):
        flag = tokens[i]
        if not flag.startswith("--") or len(flag) < 3:
            raise UsageError(f"megatron_lm: extra_args: expected an option starting with "
                             f"'--', got {flag!r}")
        values = []
        i += 1
        while i < len(tokens) and not (tokens[i].startswith("--") and len(tokens[i]) > 2):
            values.append(coerce_value(tokens[i]))
            i += 1
        if "=" in flag:
            flag, _, value = flag.partition("=")
            values.insert(0, coerce_value(value))
        if flag in IGNORED_FLAGS:
            continue
        if flag in FLAG_ALIASES and not values:
            dest, value = FLAG_ALIASES[flag]
            out[dest] = value
            continue
        name = flag[2:].replace("-", "_")
        if not values:
            if name.startswith("no_"):
                out[name[3:]] = False
            else:
                out[name] = True
        else:
            out[name] = values[0] if len(values) == 1 else values
    return out


def merge_args(checkpoint_args: Any | None, overrides: dict[str, Any]) -> argparse.Namespace:
    """Checkpoint arguments (or none), then ``overrides`` (model args, extra_args) on top."""
    ns = argparse.Namespace(**(vars(checkpoint_args) if checkpoint_args is not None else {}))
    for key, value in overrides.items():
        if value is not None:
            setattr(ns, key, value)
    return ns


def _activation(args: argparse.Namespace) -> dict[str, Any]:
    import torch.nn.functional as F

    if getattr(args, "swiglu", False):
        return {"gated_linear_unit": True, "activation_func": F.silu}
    if getattr(args, "squared_relu", False):
        from megatron.core.activations import squared_relu

        return {"activation_func": squared_relu}
    if getattr(args, "quick_geglu", False):
        from megatron.core.fusions.fused_bias_geglu import quick_gelu

        return {"gated_linear_unit": True, "activation_func": quick_gelu}
    return {}


def config_kwargs(args: argparse.Namespace, extra: dict[str, Any] | None = None, *,
                  params_dtype: Any, tensor: int, expert: int,
                  use_cpu_initialization: bool) -> dict[str, Any]:
    """Keyword arguments of ``TransformerConfig`` for inference from training ``args``.

    ``extra`` (parsed ``extra_args``, already merged into ``args``) also sets any
    ``TransformerConfig`` field by name and overrides the inference defaults.
    """
    from megatron.core.transformer.transformer_config import TransformerConfig

    for required in ("num_layers", "hidden_size", "num_attention_heads"):
        if getattr(args, required, None) is None:
            raise UsageError(
                f"megatron_lm: the model's {required} is unknown: the checkpoint has no saved "
                f"arguments (or use_checkpoint_args=False); pass it as a model argument "
                f"({required}=...) or in extra_args")
    fields = {f.name for f in dataclasses.fields(TransformerConfig)}
    kw: dict[str, Any] = {}
    for name in ARCHITECTURE_FIELDS:
        if name in fields and getattr(args, name, None) is not None:
            kw[name] = getattr(args, name)
    for name, value in vars(args).items():
        if name.startswith("moe_") and name in fields and name not in _MOE_TRAINING \
                and value is not None:
            kw[name] = value
    if getattr(args, "num_experts", None):
        kw["num_moe_experts"] = args.num_experts
    if getattr(args, "norm_epsilon", None) is not None:
        kw["layernorm_epsilon"] = args.norm_epsilon
    if getattr(args, "apply_layernorm_1p", False):
        kw["layernorm_zero_centered_gamma"] = True
    if getattr(args, "group_query_attention", None) is False:
        kw["num_query_groups"] = None
    kw.update(_activation(args))
    kw.update(INFERENCE_DEFAULTS)
    kw.setdefault("apply_rope_fusion", False)
    # what the user asked for in extra_args wins over the inference defaults
    for name, value in (extra or {}).items():
        if name in ("bias_gelu_fusion", "bias_swiglu_fusion"):
            kw["bias_activation_fusion"] = value
        elif name in fields:
            kw[name] = value
    kw.update(
        tensor_model_parallel_size=tensor, pipeline_model_parallel_size=1,
        expert_model_parallel_size=expert, params_dtype=params_dtype,
        bf16=_is(params_dtype, "bfloat16"), fp16=_is(params_dtype, "float16"),
        use_cpu_initialization=use_cpu_initialization, perform_initialization=False,
    )
    if isinstance(kw.get("attention_backend"), str):
        from megatron.core.transformer.enums import AttnBackend

        kw["attention_backend"] = AttnBackend[kw["attention_backend"]]
    return kw


def _is(dtype: Any, name: str) -> bool:
    return str(dtype).rsplit(".", 1)[-1] == name


def model_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword arguments of megatron-core's ``GPTModel`` (besides config and layer spec)."""
    position = getattr(args, "position_embedding_type", None)
    if position is None:
        position = "rope" if getattr(args, "use_rotary_position_embeddings", False) \
            else "learned_absolute"
    if getattr(args, "add_position_embedding", True) is False and position == "learned_absolute":
        position = "none"
    vocab = getattr(args, "padded_vocab_size", None)
    if vocab is None:
        raise UsageError("megatron_lm: the vocabulary size is unknown (no padded_vocab_size in "
                         "the checkpoint's arguments); pass extra_args='--padded-vocab-size N'")
    max_positions = (getattr(args, "max_position_embeddings", None)
                     or getattr(args, "seq_length", None))
    kw: dict[str, Any] = {
        "vocab_size": int(vocab),
        "max_sequence_length": int(max_positions or 4096),
        "position_embedding_type": position,
        "rotary_percent": float(getattr(args, "rotary_percent", 1.0) or 1.0),
        "rotary_base": int(getattr(args, "rotary_base", 10000) or 10000),
        "share_embeddings_and_output_weights":
            not getattr(args, "untie_embeddings_and_output_weights", False),
        "parallel_output": False,
    }
    if getattr(args, "use_rope_scaling", False):
        kw["rope_scaling"] = True
        kw["rope_scaling_factor"] = float(getattr(args, "rope_scaling_factor", 8.0))
    factor = getattr(args, "rotary_seq_len_interpolation_factor", None)
    if factor:
        kw["seq_len_interpolation_factor"] = factor
    return kw


def params_dtype_of(dtype: str | None, args: argparse.Namespace) -> Any:
    """``dtype`` model argument (``auto``: what the checkpoint trained in) as a torch dtype."""
    import torch

    name = str(dtype or "auto").lower().replace("torch.", "")
    if name == "auto":
        if getattr(args, "bf16", False):
            return torch.bfloat16
        if getattr(args, "fp16", False):
            return torch.float16
        return torch.float32
    table = {"bf16": torch.bfloat16, "bfloat16": torch.bfloat16, "fp16": torch.float16,
             "float16": torch.float16, "half": torch.float16, "fp32": torch.float32,
             "float32": torch.float32, "float": torch.float32}
    if name not in table:
        raise UsageError(f"megatron_lm: dtype={dtype!r}: expected auto, bfloat16, float16 or "
                         "float32")
    return table[name]
