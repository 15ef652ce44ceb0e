"""Grouped-query attention under explicit masks without copying keys and values.

transformers' SDPA attention (``transformers.integrations.sdpa_attention``) hands grouped
key/value heads to ``torch.nn.functional.scaled_dot_product_attention`` as they are
(``enable_gqa=True``) only when no attention mask is given; with a mask it first copies every
key and value head once per query head of its group (``repeat_kv``). The shared-prefix passes
of :mod:`lmeval_hf.scoring` always carry a mask (their queries continue a cache), so on a
grouped-query model each of those passes copied the whole cache per layer. torch ≥ 2.5 takes
grouped heads together with a mask; :func:`grouped_heads_with_masks` lets transformers do so
for the duration of those passes. The same kernel runs on the same numbers: the log-probs are
bit-identical (``tests/test_hf_prefix_reuse.py``), and MMLU 5-shot's loop on the parity model
(8 query heads over 4 key/value heads) took 0.66 s instead of 0.78–0.82 s on one thread.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


def _supported() -> Any:
    try:
        import torch
        from transformers.integrations import sdpa_attention
    except ImportError:
        return None
    major, minor = (int(x) for x in torch.__version__.split(".")[:2])
    if (major, minor) < (2, 5) or not callable(getattr(sdpa_attention, "use_gqa_in_sdpa", None)):
        return None
    return sdpa_attention


@contextlib.contextmanager
def grouped_heads_with_masks() -> Iterator[None]:
    """Within the block, transformers' SDPA path passes grouped heads to torch with a mask too
    (CPU and CUDA; other devices keep transformers' own rule). A no-op where unsupported."""
    module = _supported()
    if module is None:
        yield
        return
    original = module.use_gqa_in_sdpa

    def use_gqa(attention_mask: Any, key: Any, value: Any) -> bool:
        if key.device.type in ("cpu", "cuda"):
            return key.shape[-1] == value.shape[-1] <= 256
        return original(attention_mask, key, value)

    module.use_gqa_in_sdpa = use_gqa
    try:
        yield
    finally:
        module.use_gqa_in_sdpa = original
