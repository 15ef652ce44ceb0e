"""lmeval backend for Hugging Face transformers: model type ``hf`` (aliases ``hf-auto``, ``huggingface``).

Public API for other backends: :class:`Scorer` (shared-prefix loglikelihood scoring over any
``forward(input_ids) -> logits``; lmeval-megatron and lmeval-nemo use it). It is imported on
first use, so ``import lmeval_hf`` (and plugin discovery) does not import torch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lmeval_hf.scoring import Scorer

__all__ = ["Scorer", "__version__"]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "Scorer":
        from lmeval_hf.scoring import Scorer

        return Scorer
    raise AttributeError(f"module 'lmeval_hf' has no attribute {name!r}")
