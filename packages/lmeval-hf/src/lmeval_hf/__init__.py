"""lmeval backend for Hugging Face transformers: model type ``hf`` (aliases ``hf-auto``, ``huggingface``)."""

__all__ = ["__version__"]
__version__ = "0.1.0"
