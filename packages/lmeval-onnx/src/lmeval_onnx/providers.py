"""Execution-provider names: the short aliases, onnxruntime's full names, genai's names."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from lmeval.errors import UsageError

#: Short alias (lower case) -> onnxruntime provider name.
ORT_ALIASES: dict[str, str] = {
    "cpu": "CPUExecutionProvider",
    "cuda": "CUDAExecutionProvider",
    "rocm": "ROCMExecutionProvider",
    "migraphx": "MIGraphXExecutionProvider",
    "dml": "DmlExecutionProvider",
    "directml": "DmlExecutionProvider",
    "openvino": "OpenVINOExecutionProvider",
    "tensorrt": "TensorrtExecutionProvider",
    "trt": "TensorrtExecutionProvider",
    "vitisai": "VitisAIExecutionProvider",
    "webgpu": "WebGpuExecutionProvider",
    "qnn": "QNNExecutionProvider",
}

#: onnxruntime provider name -> the name ``og.Config.append_provider`` takes.
GENAI_NAMES: dict[str, str] = {
    "CUDAExecutionProvider": "cuda",
    "DmlExecutionProvider": "dml",
    "OpenVINOExecutionProvider": "OpenVINO",
    "VitisAIExecutionProvider": "VitisAI",
    "WebGpuExecutionProvider": "WebGPU",
    "QNNExecutionProvider": "QNN",
    "TensorrtExecutionProvider": "NvTensorRtRtx",
}

#: onnxruntime providers onnxruntime-genai is not built for.
NOT_IN_GENAI = ("ROCMExecutionProvider", "MIGraphXExecutionProvider")

_WHEELS = {
    "CUDAExecutionProvider": "onnxruntime-gpu",
    "TensorrtExecutionProvider": "onnxruntime-gpu",
    "ROCMExecutionProvider": "onnxruntime-rocm",
    "MIGraphXExecutionProvider": "onnxruntime-migraphx",
    "DmlExecutionProvider": "onnxruntime-directml",
    "OpenVINOExecutionProvider": "onnxruntime-openvino",
    "QNNExecutionProvider": "onnxruntime-qnn",
    "VitisAIExecutionProvider": "onnxruntime-vitisai",
}


def ort_name(name: str) -> str:
    """The onnxruntime provider name for an alias, a full name in any case, or a genai name."""
    key = name.strip().lower()
    if key in ORT_ALIASES:
        return ORT_ALIASES[key]
    for full in (*ORT_ALIASES.values(), *_WHEELS):
        if full.lower() == key:
            return full
    for full, genai in GENAI_NAMES.items():
        if genai.lower() == key:
            return full
    if not key.endswith("executionprovider"):
        guess = key + "executionprovider"
        for full in ORT_ALIASES.values():
            if full.lower() == guess:
                return full
    return name.strip()


def is_cpu(name: str) -> bool:
    return ort_name(name) == "CPUExecutionProvider"


def parse_provider_options(value: Any) -> dict[str, str]:
    """``provider_options`` as a dict: a mapping, a JSON object, or ``k=v;k2=v2``."""
    if value is None or value == "":
        return {}
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items()}
    text = str(value).strip()
    if text.startswith("{"):
        try:
            parsed = json.loads(text)
        except ValueError as exc:
            raise UsageError(f"provider_options: not a JSON object ({exc})") from None
        if not isinstance(parsed, dict):
            raise UsageError("provider_options: expected a JSON object")
        return {str(k): str(v) for k, v in parsed.items()}
    out = {}
    for item in text.split(";"):
        item = item.strip()
        if not item:
            continue
        key, sep, val = item.partition("=") if "=" in item else item.partition(":")
        if not sep:
            raise UsageError(
                f"provider_options: {item!r} is not key=value; write "
                "provider_options='{\"device_id\": \"0\"}' or provider_options=device_id=0;k=v")
        out[key.strip()] = val.strip()
    return out


def ort_provider_chain(requested: str | None, options: Mapping[str, str],
                       declared: Sequence[tuple[str, Mapping[str, str]]],
                       available: Sequence[str]) -> tuple[list[str], list[dict[str, str]]]:
    """Providers and their options for an ``InferenceSession``.

    ``requested`` (the ``execution_provider`` model arg) wins; unset, the providers the export
    declares in genai_config.json are used, as onnxruntime-genai does, and none means CPU.
    ``options`` apply to the requested (else the first declared) provider. CPU is always kept last as the per-node
    fallback for contrib ops an accelerator does not implement.
    """
    if requested:
        chain = [(ort_name(requested), dict(options), f"execution_provider={requested!r}")]
    elif declared:
        chain = [(ort_name(n), dict(o), "genai_config.json") for n, o in declared]
        chain[0][1].update(options)
    else:
        chain = [("CPUExecutionProvider", dict(options), "default")]
    for name, _, source in chain:
        if name not in available:
            wheel = _WHEELS.get(name)
            hint = (f"; install the {wheel} wheel in place of onnxruntime "
                    f"(pip uninstall onnxruntime && pip install {wheel})") if wheel else ""
            raise UsageError(
                f"execution provider {name} (from {source}) is not available in this "
                f"onnxruntime build; available: {', '.join(available)}{hint}. Short names: "
                f"{', '.join(sorted(set(ORT_ALIASES)))}")
    providers = [name for name, _, _ in chain]
    provider_options = [opts for _, opts, _ in chain]
    if "CPUExecutionProvider" not in providers:
        providers.append("CPUExecutionProvider")
        provider_options.append({})
    return providers, provider_options


def genai_provider(requested: str) -> str | None:
    """The name to ``append_provider`` for ``requested``; ``None`` means CPU (append nothing)."""
    full = ort_name(requested)
    if full == "CPUExecutionProvider":
        return None
    if full in NOT_IN_GENAI:
        raise UsageError(
            f"onnxruntime-genai is not built for {full}; run the same export with "
            f"--model onnxruntime --model_args pretrained=...,execution_provider={requested}")
    return GENAI_NAMES.get(full, requested.strip())
