"""Fixtures: the tiny Llama (lmeval-hf), its f32 GGUF, llama-server and llama-cpp-python servers.

The servers run with flash attention off and an f32 KV cache: with llama.cpp's CPU defaults
(flash attention on, f16 K/V) this model's logprobs drift ~1e-3 from transformers; with f32
throughout they agree to ~1e-6, so the tests can hold llama.cpp to 1e-4.
"""

from __future__ import annotations

import glob
import importlib.util
import os
import shutil
from pathlib import Path

import pytest
from lmeval_testkit.llamacpp import LlamaServer, convert_to_gguf, vendored_llama_cpp

ROOT = Path(__file__).resolve().parents[3]
CACHE = Path(os.environ.get("LMEVAL_BUILD_CACHE") or Path.home() / ".cache" / "lmeval-build")


def _sdist() -> Path | None:
    found = os.environ.get("LMEVAL_LLAMA_CPP_SDIST") or next(
        iter(sorted(glob.glob(str(CACHE / "sdist" / "llama_cpp_python-*.tar.gz")))), None)
    return Path(found) if found else None


def _llama_server_binary() -> str | None:
    found = os.environ.get("LMEVAL_LLAMA_SERVER") or next(
        iter(sorted(glob.glob(str(CACHE / "llama-server" / "*" / "bin" / "llama-server")))), None)
    return found or shutil.which("llama-server")


@pytest.fixture(scope="session")
def llama_dir(tmp_path_factory) -> Path:
    testing = pytest.importorskip("lmeval_testkit.hf", reason="lmeval-hf builds the tiny model")
    return testing.build_tiny_llama(tmp_path_factory.mktemp("gguf-models") / "llama", hidden=64,
                                    heads=2, kv_heads=1, max_position=512)


@pytest.fixture(scope="session")
def gguf_file(llama_dir, tmp_path_factory) -> Path:
    sdist = _sdist()
    if sdist is None:
        pytest.skip("no llama-cpp-python sdist for the GGUF converter: run "
                    "packages/lmeval-llamacpp/ci-setup.sh (or set LMEVAL_LLAMA_CPP_SDIST)")
    src = vendored_llama_cpp(sdist, CACHE)
    return convert_to_gguf(llama_dir, tmp_path_factory.mktemp("gguf") / "llama-f32.gguf", src)


@pytest.fixture(scope="session")
def llama_server(gguf_file, tmp_path_factory):
    binary = _llama_server_binary()
    if binary is None:
        pytest.skip("no llama-server binary: run packages/lmeval-llamacpp/ci-setup.sh "
                    "(builds it once into ~/.cache/lmeval-build/) or set LMEVAL_LLAMA_SERVER")
    log = tmp_path_factory.mktemp("llama-server") / "server.log"
    with LlamaServer.start(gguf_file, binary=binary, parallel=2, ctx_size=512, log=log,
                           extra=["-fa", "off", "-ctk", "f32", "-ctv", "f32"]) as server:
        yield server


@pytest.fixture(scope="session")
def llama_cpp_python_server(gguf_file, tmp_path_factory):
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed (packages/lmeval-llamacpp/ci-setup.sh)")
    log = tmp_path_factory.mktemp("llama-cpp-python") / "server.log"
    # type_k/type_v 0 = GGML_TYPE_F32
    with LlamaServer.start(gguf_file, binary=None, ctx_size=512, log=log,
                           extra=["--type_k", "0", "--type_v", "0"]) as server:
        yield server


@pytest.fixture(scope="session")
def hf(llama_dir):
    models = pytest.importorskip("lmeval_hf.models", reason="lmeval-hf is the reference")
    return models.HFLM(pretrained=str(llama_dir), dtype="float32", batch_size=8)
