"""The three model types; each is :class:`~lmeval_onnx.scoring.OnnxLM` with another engine."""

from __future__ import annotations

from typing import Any, ClassVar

from lmeval_onnx.scoring import Engine, OnnxLM


class OnnxRuntimeGenAILM(OnnxLM):
    """``onnxruntime-genai``: the export through ``og.Model``; providers via ``og.Config``."""

    engine_name: ClassVar[str] = "onnxruntime-genai"
    backend_name = "onnxruntime-genai"

    def open_engine(self) -> Engine:
        from lmeval_onnx.engines.genai import GenAIEngine

        return GenAIEngine(self.export, self.execution_provider, self.provider_options)


class OnnxRuntimeLM(OnnxLM):
    """``onnxruntime``: the export's decoder graph in a raw ``InferenceSession``."""

    engine_name: ClassVar[str] = "onnxruntime"
    backend_name = "onnxruntime"

    def open_engine(self) -> Engine:
        from lmeval_onnx.engines.ort import OrtEngine

        return OrtEngine(self.export, self.execution_provider, self.provider_options)


class WinMLLM(OnnxLM):
    """``winml``: onnxruntime-genai on the Windows ML catalog's providers (Windows only)."""

    engine_name: ClassVar[str] = "winml"
    backend_name = "winml"

    def __init__(self, pretrained: str | None = None, **kwargs: Any) -> None:
        from lmeval_onnx.engines.winml import WinMLEngine

        WinMLEngine.import_winml_genai()  # fail before reading the model off Windows
        super().__init__(pretrained, **kwargs)

    def open_engine(self) -> Engine:
        from lmeval_onnx.engines.winml import WinMLEngine

        return WinMLEngine(self.export, self.execution_provider, self.provider_options)
