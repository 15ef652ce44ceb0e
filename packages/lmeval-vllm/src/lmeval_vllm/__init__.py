"""lmeval-vllm: the ``vllm`` model type for lmeval (vLLM's offline engine)."""

from __future__ import annotations

__version__ = "0.1.0"
