"""lmeval backends for ONNX Runtime GenAI Model Builder exports: ``onnxruntime-genai``,
``onnxruntime`` (a raw InferenceSession) and ``winml``, on one scoring core."""

__version__ = "0.1.0"
