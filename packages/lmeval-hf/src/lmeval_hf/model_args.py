"""The model arguments ``hf`` forwards to transformers, for the core's check before loading.

``HFLM`` passes every model argument that is not one of its own parameters to
``from_pretrained``, which uses it as a loading option or, failing that, as an override of the
model's config (``rope_scaling=...``). Anything else would be set on the config or fail deep in
the model's constructor; the core refuses it first, with the closest names.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

#: ``from_pretrained`` keywords that transformers pops from ``**kwargs`` (4.x and 5.x).
FROM_PRETRAINED_KWARGS = frozenset({
    "adapter_kwargs", "adapter_name", "attn_implementation", "cache_dir", "code_revision",
    "commit_hash", "config", "device_map", "device_mesh", "distributed_config", "dtype",
    "force_download", "from_flax", "from_tf", "generation_config", "gguf_file",
    "ignore_mismatched_sizes", "kernel_config", "key_mapping", "load_in_4bit", "load_in_8bit",
    "local_files_only", "low_cpu_mem_usage", "max_memory", "mirror", "offload_buffers",
    "offload_folder", "offload_state_dict", "output_loading_info", "proxies",
    "quantization_config", "resume_download", "revision", "state_dict", "subfolder", "token",
    "torch_dtype", "tp_plan", "tp_size", "trust_remote_code", "use_auth_token",
    "use_flash_attention_2", "use_kernels", "use_safetensors", "variant", "weights_only",
})


def extra_model_args(args: Mapping[str, Any]) -> frozenset[str] | None:
    """Loading options of ``from_pretrained`` plus the config fields of the model in ``args``.

    The model's config (a small file) is read only when a name is not a loading option; None
    (no check) when it cannot be read here — the constructor then reports the real problem.
    """
    import transformers

    names = set(FROM_PRETRAINED_KWARGS)
    try:
        signature = inspect.signature(transformers.PreTrainedModel.from_pretrained)
        names |= {p for p in signature.parameters if p not in ("cls", "args", "kwargs", "model_args")}
    except (TypeError, ValueError):
        pass
    names |= set(transformers.PretrainedConfig().to_dict())
    from lmeval_hf.models import HFLM

    own = {p for p in inspect.signature(HFLM.__init__).parameters}
    if all(k in names or k in own for k in args):
        return frozenset(names)
    pretrained = args.get("pretrained")
    if not isinstance(pretrained, str):
        return frozenset(names)
    try:
        config = transformers.AutoConfig.from_pretrained(
            pretrained, revision=str(args.get("revision") or "main"),
            subfolder=str(args.get("subfolder") or ""),
            trust_remote_code=bool(args.get("trust_remote_code", False)))
    except Exception:  # unreadable here (offline, gated ...): the constructor says why
        return None
    names |= set(config.to_dict())
    names |= {k for k in vars(config) if not k.startswith("_")}
    return frozenset(names)


def extra_generation_kwargs() -> frozenset[str]:
    """``generate``'s settings (every ``GenerationConfig`` field: ``num_beams``,
    ``repetition_penalty`` ...), which ``hf`` passes on after the core's own keys."""
    import transformers

    return frozenset(k for k in transformers.GenerationConfig().to_dict() if not k.startswith("_"))


def check_chat_template(args: Mapping[str, Any], template: bool | str) -> str | None:
    """Why this model cannot render ``--apply_chat_template`` (None: it can, or the tokenizer
    cannot be read here and the constructor will say why). Reads the tokenizer only."""
    import transformers

    name = args.get("tokenizer") or args.get("pretrained")
    if not isinstance(name, str):
        return None
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(
            name, revision=str(args.get("revision") or "main"),
            subfolder=str(args.get("subfolder") or ""),
            trust_remote_code=bool(args.get("trust_remote_code", False)))
    except Exception:
        return None
    found = getattr(tokenizer, "chat_template", None)
    if not found:
        return f"its tokenizer ({name}) has no chat template"
    if isinstance(template, str) and isinstance(found, dict) and template not in found:
        return (f"its tokenizer has no chat template named {template!r} (it has "
                f"{', '.join(sorted(found))})")
    return None
