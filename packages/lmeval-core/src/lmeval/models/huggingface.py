"""``from lmeval.models.huggingface import HFLM``: the class registered as the ``hf`` backend
(lmeval-hf's), looked up in the plugin registry on first use, as the core never imports a
backend; without it, an ImportError naming the package to install."""

from __future__ import annotations

from typing import Any

from lmeval.errors import UsageError


def __getattr__(name: str) -> Any:
    if name != "HFLM":
        raise AttributeError(f"module 'lmeval.models.huggingface' has no attribute {name!r}")
    from lmeval.plugins import get_plugin_manager

    try:
        return get_plugin_manager().model_factory("hf")
    except UsageError as exc:
        raise ImportError(f"HFLM: {exc}") from None
