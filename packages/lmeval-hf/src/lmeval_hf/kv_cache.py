"""Key/value caches across transformers versions: read the tensors, rebuild a fresh cache.

transformers 4.x calls the forward argument ``past_key_values`` and keeps
``key_cache``/``value_cache`` lists; 5.x renamed it ``cache`` and keeps ``layers``. Only plain
full-attention layers are supported: sliding-window, hybrid or recurrent caches make
:func:`cache_tensors` return None, and callers fall back to full forwards.
"""

from __future__ import annotations

import inspect
from typing import Any

KV = list[tuple[Any, Any]]


def _forward_params(model: Any) -> set[str]:
    target = model.get_base_model() if hasattr(model, "get_base_model") else model
    try:
        return set(inspect.signature(target.forward).parameters)
    except (TypeError, ValueError):
        return set()


def forward_features(model: Any) -> dict[str, str | bool | None]:
    """Which optional forward arguments the model takes: cache name, positions, logits_to_keep."""
    params = _forward_params(model)
    cache = "cache" if "cache" in params else (
        "past_key_values" if "past_key_values" in params else None)
    keep = "logits_to_keep" if "logits_to_keep" in params else (
        "num_logits_to_keep" if "num_logits_to_keep" in params else None)
    return {
        "cache": cache,
        "position_ids": "position_ids" in params,
        "attention_mask": "attention_mask" in params,
        "logits_to_keep": keep,
    }


def output_cache(outputs: Any) -> Any:
    cache = getattr(outputs, "cache", None)
    if cache is None:
        cache = getattr(outputs, "past_key_values", None)
    return cache


def cache_tensors(cache: Any) -> KV | None:
    """Per-layer ``(key, value)`` tensors ``[batch, heads, seq, dim]``, or None if unsupported."""
    if cache is None:
        return None
    if isinstance(cache, (tuple, list)):
        return [(layer[0], layer[1]) for layer in cache]
    layers = getattr(cache, "layers", None)
    if layers is not None:
        out = []
        for layer in layers:
            if type(layer).__name__ != "DynamicLayer":
                return None
            keys, values = getattr(layer, "keys", None), getattr(layer, "values", None)
            if keys is None or values is None or not hasattr(keys, "shape"):
                return None
            out.append((keys, values))
        return out
    keys, values = getattr(cache, "key_cache", None), getattr(cache, "value_cache", None)
    if keys is not None and values is not None and type(cache).__name__ == "DynamicCache":
        return list(zip(keys, values, strict=True))
    return None


def build_cache(kv: KV) -> Any:
    """A fresh ``DynamicCache`` holding ``kv`` (the model appends to it; ``kv`` is untouched).

    On transformers 5 the tensors are adopted as they are (no copy; expanded views stay
    views until the model's first append); older versions go through the legacy converter.
    """
    from transformers import DynamicCache

    adopted = _adopt(DynamicCache, kv)
    if adopted is not None:
        return adopted
    if hasattr(DynamicCache, "from_legacy_cache"):
        return DynamicCache.from_legacy_cache(tuple(kv))
    return DynamicCache(ddp_cache_data=kv)


def _adopt(cache_class: Any, kv: KV) -> Any:
    try:
        from transformers.cache_utils import DynamicLayer
    except ImportError:
        return None
    try:
        cache = cache_class()
        if not isinstance(getattr(cache, "layers", None), list) or cache.layers:
            return None
        for keys, values in kv:
            layer = DynamicLayer()
            layer.lazy_initialization(keys, values)
            layer.keys, layer.values = keys, values
            cache.layers.append(layer)
        if kv and cache.get_seq_length() != kv[0][0].shape[-2]:
            return None
        return cache
    except (TypeError, AttributeError):
        return None


def select_rows(kv: KV, index: Any) -> KV:
    """Rows ``index`` (a LongTensor) of every layer's key and value tensors."""
    return [(k.index_select(0, index), v.index_select(0, index)) for k, v in kv]


def expand_rows(kv: KV, n: int) -> KV:
    """A batch-1 cache seen as ``n`` rows without copying."""
    return [(k.expand(n, -1, -1, -1), v.expand(n, -1, -1, -1)) for k, v in kv]
