"""Provider names, chains and options (no model needed)."""

from __future__ import annotations

import pytest
from lmeval.errors import UsageError
from lmeval_onnx.providers import (
    genai_provider,
    ort_name,
    ort_provider_chain,
    parse_provider_options,
)

AVAILABLE = ["CUDAExecutionProvider", "CPUExecutionProvider"]


@pytest.mark.parametrize("alias,full", [
    ("cpu", "CPUExecutionProvider"), ("cuda", "CUDAExecutionProvider"),
    ("rocm", "ROCMExecutionProvider"), ("migraphx", "MIGraphXExecutionProvider"),
    ("dml", "DmlExecutionProvider"), ("openvino", "OpenVINOExecutionProvider"),
    ("tensorrt", "TensorrtExecutionProvider"), ("vitisai", "VitisAIExecutionProvider"),
    ("VitisAI", "VitisAIExecutionProvider"), ("webgpu", "WebGpuExecutionProvider"),
    ("qnn", "QNNExecutionProvider"), ("CUDAExecutionProvider", "CUDAExecutionProvider"),
    ("cudaexecutionprovider", "CUDAExecutionProvider"), ("WebGPU", "WebGpuExecutionProvider"),
    ("MyVendorExecutionProvider", "MyVendorExecutionProvider"),
])
def test_aliases_and_full_names(alias, full):
    assert ort_name(alias) == full


def test_requested_provider_keeps_cpu_fallback_and_gets_the_options():
    providers, options = ort_provider_chain("cuda", {"device_id": "1"}, [], AVAILABLE)
    assert providers == ["CUDAExecutionProvider", "CPUExecutionProvider"]
    assert options == [{"device_id": "1"}, {}]


def test_unset_provider_uses_genai_config_declaration():
    declared = [("cuda", {"enable_cuda_graph": "0"})]
    providers, options = ort_provider_chain(None, {}, declared, AVAILABLE)
    assert providers == ["CUDAExecutionProvider", "CPUExecutionProvider"]
    assert options[0] == {"enable_cuda_graph": "0"}
    assert ort_provider_chain(None, {}, [], AVAILABLE)[0] == ["CPUExecutionProvider"]


def test_missing_provider_names_the_wheel():
    with pytest.raises(UsageError, match="onnxruntime-rocm"):
        ort_provider_chain("rocm", {}, [], AVAILABLE)
    with pytest.raises(UsageError, match="genai_config.json"):
        ort_provider_chain(None, {}, [("dml", {})], AVAILABLE)


def test_provider_options_forms():
    assert parse_provider_options('{"device_id": 0, "x": "y"}') == {"device_id": "0", "x": "y"}
    assert parse_provider_options("device_id=0;arena=1") == {"device_id": "0", "arena": "1"}
    assert parse_provider_options({"a": 1}) == {"a": "1"}
    assert parse_provider_options(None) == {}
    with pytest.raises(UsageError):
        parse_provider_options("nonsense")


def test_genai_names():
    assert genai_provider("cpu") is None
    assert genai_provider("cuda") == "cuda"
    assert genai_provider("DmlExecutionProvider") == "dml"
    assert genai_provider("VitisAI") == "VitisAI"
    with pytest.raises(UsageError, match="--model onnxruntime"):
        genai_provider("rocm")
