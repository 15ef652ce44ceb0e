"""Registers ``onnxruntime``, ``onnxruntime-genai`` and ``winml``; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("onnxruntime-genai", "lmeval_onnx.models:OnnxRuntimeGenAILM")
    register("onnxruntime", "lmeval_onnx.models:OnnxRuntimeLM")
    register("winml", "lmeval_onnx.models:WinMLLM")
