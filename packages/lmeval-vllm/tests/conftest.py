"""One real vLLM engine (CPU build) on a tiny local Llama, started once per test session.

The same model is also loaded by lmeval-hf, the reference the vLLM answers are compared with.
"""

from __future__ import annotations

import os

import pytest
from vllm_testenv import ENGINE_ARGS, ENGINE_ENV, engine_environment, vllm_or_skip  # noqa: F401

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


@pytest.fixture(scope="session")
def engine_args():
    return dict(ENGINE_ARGS)


@pytest.fixture(scope="session")
def engine_env():
    """The environment for engines started in other processes (CLI runs, Ray actors)."""
    return dict(ENGINE_ENV)


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory):
    """A tiny random Llama whose head size (32) the CPU attention kernels support."""
    pytest.importorskip("torch", reason="building the tiny model needs torch")
    from lmeval_testkit.hf import build_tiny_llama

    return str(build_tiny_llama(tmp_path_factory.mktemp("vllm-models") / "llama", hidden=64,
                                heads=2, kv_heads=1, max_position=512))


@pytest.fixture(scope="session")
def vllm_lm(tiny_llama):
    vllm_or_skip()
    import torch
    from lmeval_vllm.models import VLLM

    # vLLM's CPU worker replaces torch.set_num_threads with a no-op and lowers the thread
    # count; put both back for the tests that run after this engine in the same process.
    set_num_threads, threads = torch.set_num_threads, torch.get_num_threads()
    try:
        with engine_environment():
            lm = VLLM(pretrained=tiny_llama, **ENGINE_ARGS)
    finally:
        torch.set_num_threads = set_num_threads
        torch.set_num_threads(threads)
    yield lm
    lm.close()


@pytest.fixture(scope="session")
def hf_lm(tiny_llama):
    from lmeval_hf.models import HFLM

    return HFLM(pretrained=tiny_llama, dtype="float32", device="cpu", batch_size=8)


@pytest.fixture(scope="session")
def hf_510(tiny_llama):
    """lmeval-hf with the windows vLLM uses at max_model_len 512 (512 - 2 inputs)."""
    from lmeval_hf.models import HFLM

    return HFLM(pretrained=tiny_llama, dtype="float32", device="cpu", batch_size=4,
                max_length=ENGINE_ARGS["max_model_len"] - 2)
