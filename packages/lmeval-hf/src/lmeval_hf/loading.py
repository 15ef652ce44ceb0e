"""Loading a transformers model and tokenizer from lm-eval's ``hf`` model arguments."""

from __future__ import annotations

import logging
from typing import Any

import torch
import transformers
from lmeval.errors import UsageError
from lmeval.requires import require

from lmeval_hf.hub_errors import hub_failure

log = logging.getLogger("lmeval.hf")


def configure_pad_token(tokenizer: Any, model_type: str | None = None) -> Any:
    """Give the tokenizer a pad token as lm-eval does: unk, else eos, else a new one."""
    if getattr(tokenizer, "pad_token_id", None) is not None or getattr(tokenizer, "pad_token", None):
        return tokenizer
    if getattr(tokenizer, "unk_token", None):
        tokenizer.pad_token_id = tokenizer.unk_token_id
    elif getattr(tokenizer, "eos_token", None):
        tokenizer.pad_token_id = tokenizer.eos_token_id
    elif model_type == "qwen":
        tokenizer.pad_token = "<|endoftext|>"  # noqa: S105
    elif type(tokenizer).__name__ in ("RWKVWorldTokenizer", "Rwkv5Tokenizer"):
        pass
    else:
        tokenizer.add_special_tokens({"pad_token": "<|pad|>"})
    return tokenizer


def parse_dtype(value: Any) -> Any:
    """``"bfloat16"`` → ``torch.bfloat16``; ``"auto"``/None/dtypes pass through."""
    if isinstance(value, str) and value != "auto":
        dtype = getattr(torch, value, None)
        if not isinstance(dtype, torch.dtype):
            raise UsageError(f"dtype {value!r} is not a torch dtype (try float32, bfloat16, "
                             "float16 or auto)")
        return dtype
    return value


def _transformers_at_least(version: str) -> bool:
    from packaging.version import parse

    return parse(transformers.__version__) >= parse(version)


def dtype_kwarg() -> str:
    return "dtype" if _transformers_at_least("4.56.0") else "torch_dtype"


def load_config(pretrained: str, *, revision: str, trust_remote_code: bool,
                gguf_file: str | None, subfolder: str) -> Any:
    kwargs: dict[str, Any] = {"revision": revision, "trust_remote_code": trust_remote_code}
    if gguf_file is not None:
        kwargs["gguf_file"] = gguf_file
    if subfolder:
        kwargs["subfolder"] = subfolder
    try:
        return transformers.AutoConfig.from_pretrained(pretrained, **kwargs)
    except ImportError as exc:
        raise UsageError(f"pretrained={pretrained}: {exc}") from None
    except (OSError, ValueError) as exc:
        hub = hub_failure(pretrained, revision, exc)
        raise UsageError(f"pretrained={pretrained}: " + (hub or "cannot load its config: "
                         f"{str(exc).splitlines()[0]}")) from None


def detect_backend(config: Any, backend: str, trust_remote_code: bool) -> str:
    """``causal`` or ``seq2seq``: the model arg when given, else from the config's model type."""
    if backend not in ("default", "causal", "seq2seq"):
        raise UsageError(f"backend must be 'causal', 'seq2seq' or 'default', not {backend!r}")
    if backend != "default":
        return backend
    from transformers.models.auto.modeling_auto import (
        MODEL_FOR_CAUSAL_LM_MAPPING_NAMES,
        MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES,
    )

    model_type = getattr(config, "model_type", None)
    if model_type in MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES:
        return "seq2seq"
    if model_type not in MODEL_FOR_CAUSAL_LM_MAPPING_NAMES and not trust_remote_code:
        log.warning("model type %r is neither a known causal nor seq2seq LM (expected with "
                    "trust_remote_code=True); using causal", model_type)
    return "causal"


def load_tokenizer(pretrained: str, tokenizer: Any, *, revision: str, trust_remote_code: bool,
                   use_fast_tokenizer: bool, gguf_file: str | None, add_bos_token: bool | None,
                   subfolder: str) -> Any:
    kwargs: dict[str, Any] = {"revision": revision, "trust_remote_code": trust_remote_code}
    if not tokenizer and gguf_file is not None:
        kwargs["gguf_file"] = gguf_file
    else:
        kwargs["use_fast"] = use_fast_tokenizer
    if add_bos_token is not None:
        kwargs["add_bos_token"] = add_bos_token
    if subfolder:
        kwargs["subfolder"] = subfolder
    if tokenizer is not None and not isinstance(tokenizer, str):
        return tokenizer
    name = tokenizer or pretrained
    try:
        return transformers.AutoTokenizer.from_pretrained(name, **kwargs)
    except ImportError as exc:
        raise UsageError(f"tokenizer {name}: {exc}") from None
    except (OSError, ValueError) as exc:
        hub = hub_failure(name, revision, exc)
        raise UsageError(f"tokenizer {name}: "
                         + (hub or f"cannot load it: {str(exc).splitlines()[0]}")) from None


def placement_kwargs(*, device: torch.device, parallelize: bool, device_map: Any,
                     max_memory_per_gpu: Any, max_cpu_memory: Any, offload_folder: Any,
                     gpus: int, data_parallel: bool, local_rank: int,
                     local_world: int) -> dict[str, Any]:
    """``device_map``/``max_memory``/``offload_folder`` for ``from_pretrained``, as lm-eval sets."""
    if parallelize:
        if max_memory_per_gpu is not None:
            max_memory: dict[Any, Any] = {i: max_memory_per_gpu for i in range(gpus)}
        else:
            from accelerate.utils import get_max_memory

            every = {k: v for k, v in get_max_memory().items() if k != "cpu"}
            if data_parallel:
                every = {k: v for k, v in every.items()
                         if k % local_world == local_rank % local_world}
            max_memory = dict(every)
        if max_cpu_memory is not None:
            max_memory["cpu"] = max_cpu_memory
        return {"max_memory": max_memory, "device_map": device_map or "auto",
                "offload_folder": offload_folder}
    if device_map is None:
        return {"max_memory": None, "device_map": {"": str(device)}}
    return {"max_memory": None, "device_map": device_map}


def load_model(auto_class: Any, pretrained: str, *, revision: str, dtype: Any,
               trust_remote_code: bool, gguf_file: str | None, subfolder: str,
               quantization_config: Any, autogptq: Any, gptqmodel: bool,
               model_kwargs: dict[str, Any]) -> Any:
    if autogptq and gptqmodel:
        raise UsageError("autogptq and gptqmodel cannot both be set")
    if autogptq:
        AutoGPTQForCausalLM = require("auto_gptq", needed_by="autogptq=True", library="auto-gptq",
                                      install="auto-gptq").AutoGPTQForCausalLM
        from pathlib import Path

        return AutoGPTQForCausalLM.from_quantized(
            pretrained, trust_remote_code=trust_remote_code,
            model_basename=None if autogptq is True else Path(autogptq).stem,
            use_safetensors=True if autogptq is True else str(autogptq).endswith(".safetensors"),
            **model_kwargs)
    if gptqmodel:
        GPTQModel = require("gptqmodel", needed_by="gptqmodel=True",
                            install="gptqmodel --no-build-isolation").GPTQModel
        return GPTQModel.from_quantized(pretrained, trust_remote_code=trust_remote_code,
                                        **model_kwargs)
    if model_kwargs.get("load_in_4bit") and model_kwargs.get("bnb_4bit_compute_dtype"):
        model_kwargs["bnb_4bit_compute_dtype"] = parse_dtype(model_kwargs["bnb_4bit_compute_dtype"])
    kwargs: dict[str, Any] = {"revision": revision, dtype_kwarg(): dtype,
                              "trust_remote_code": trust_remote_code, **model_kwargs}
    if gguf_file is not None:
        kwargs["gguf_file"] = gguf_file
    if quantization_config is not None:
        kwargs["quantization_config"] = quantization_config
    if subfolder:
        kwargs["subfolder"] = subfolder
    try:
        return auto_class.from_pretrained(pretrained, **kwargs)
    except ImportError as exc:
        raise UsageError(f"pretrained={pretrained}: {exc}") from None
    except TypeError as exc:
        raise UsageError(f"pretrained={pretrained}: bad model argument: {exc}") from None
    except OSError as exc:
        hub = hub_failure(pretrained, revision, exc)
        if hub is None:
            raise
        raise UsageError(f"pretrained={pretrained}: {hub}") from None


def apply_peft(model: Any, peft: str, *, tokenizer: Any, revision: str) -> Any:
    PeftModel = require("peft", needed_by="peft=...").PeftModel
    cfg = model.config
    vocab = getattr(getattr(cfg, "text_config", None), "vocab_size", None) or cfg.vocab_size
    if vocab != len(tokenizer):
        log.info("resizing embeddings from %d to %d tokens for the adapter", vocab, len(tokenizer))
        model.resize_token_embeddings(len(tokenizer))
    return PeftModel.from_pretrained(model, peft, revision=revision)


def apply_delta(model: Any, auto_class: Any, delta: str, *, revision: str, dtype: Any,
                trust_remote_code: bool, model_kwargs: dict[str, Any]) -> None:
    """Add the weights of ``delta`` to ``model``'s, layer by layer."""
    other = auto_class.from_pretrained(delta, revision=revision, **{dtype_kwarg(): dtype},
                                       trust_remote_code=trust_remote_code, **model_kwargs)
    delta_state = other.state_dict()
    with torch.no_grad():
        for name, param in model.state_dict().items():
            if name not in delta_state:
                raise UsageError(f"delta={delta}: missing weights for layer {name}")
            param.data += delta_state[name].to(param.device)
    del other


def quantization_config_of(config: Any) -> Any:
    qc = getattr(config, "quantization_config", None)
    if isinstance(qc, dict):
        from transformers.quantizers import AutoQuantizationConfig

        return AutoQuantizationConfig.from_dict(qc)
    return qc
