"""Tiny stand-ins for the Hub models of the DarijaBench BERTScore metrics, served offline."""

from __future__ import annotations

from pathlib import Path

import pytest


def use_standins(mp: pytest.MonkeyPatch, root: Path) -> Path:
    """Build a different tiny BERT for each Hub id of ``bertscore.MODELS`` into a local Hub cache
    under ``root`` and point huggingface_hub at it, offline (both read at call time by
    transformers); the module's scorer cache starts empty. Returns the cache folder."""
    import huggingface_hub.constants as hub
    from lmeval_tasks_multilingual import bertscore
    from lmeval_testkit.encoders import serve_tiny_berts

    cache = serve_tiny_berts(root / "hub", list(bertscore.MODELS.values()))
    mp.setenv("HF_HUB_CACHE", str(cache))
    mp.setenv("HF_HUB_OFFLINE", "1")
    mp.setattr(hub, "HF_HUB_CACHE", str(cache))
    mp.setattr(hub, "HF_HUB_OFFLINE", True)
    mp.setattr(bertscore, "_scorers", {})
    return cache
