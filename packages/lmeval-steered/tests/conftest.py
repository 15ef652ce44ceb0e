"""A tiny real Llama and steering files built per session."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

torch = pytest.importorskip("torch", reason="lmeval-steered needs torch (scripts/test.sh installs it)")
pytest.importorskip("transformers", reason="lmeval-steered needs transformers")

from lmeval_testkit.hf import build_tiny_llama  # noqa: E402


@pytest.fixture(scope="session")
def llama_path(tmp_path_factory):
    return str(build_tiny_llama(tmp_path_factory.mktemp("steered-models") / "llama"))
