"""Tiny real models (built once per session from fixed seeds) and backends over them."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

torch = pytest.importorskip("torch", reason="lmeval-hf needs torch (scripts/test.sh installs it)")
pytest.importorskip("transformers", reason="lmeval-hf needs transformers")

from lmeval_hf.models import HFLM  # noqa: E402
from lmeval_testkit.hf import build_tiny_gpt2, build_tiny_llama, build_tiny_t5  # noqa: E402


@pytest.fixture(scope="session")
def models_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("tiny-models")


@pytest.fixture(scope="session")
def llama_path(models_dir):
    return str(build_tiny_llama(models_dir / "llama"))


@pytest.fixture(scope="session")
def gpt2_path(models_dir):
    return str(build_tiny_gpt2(models_dir / "gpt2"))


@pytest.fixture(scope="session")
def t5_path(models_dir):
    return str(build_tiny_t5(models_dir / "t5"))


@pytest.fixture(scope="session")
def llama(llama_path):
    return HFLM(pretrained=llama_path, batch_size=4, max_length=128)


@pytest.fixture(scope="session")
def gpt2(gpt2_path):
    return HFLM(pretrained=gpt2_path, batch_size=4, max_length=128)


@pytest.fixture(scope="session")
def t5(t5_path):
    return HFLM(pretrained=t5_path, batch_size=4, max_length=128)


@pytest.fixture(scope="session", params=["llama", "gpt2", "t5"])
def any_lm(request):
    return request.getfixturevalue(request.param)


@pytest.fixture(scope="session", params=["llama", "gpt2"])
def causal_lm(request):
    return request.getfixturevalue(request.param)
