"""What the vLLM tests share besides fixtures (a uniquely named module: `from conftest import`
resolves to whichever package's conftest was imported first when several run together)."""

from __future__ import annotations

import contextlib
import os

import pytest

#: Environment of the test engines, set only while an engine starts (other packages' tests run
#: vLLM servers in this same pytest process and must not inherit it):
#: a 1 GiB KV cache is plenty for the tiny model; the engine runs inside the calling process
#: (vLLM imported once instead of three times: the engine-core and worker processes each import
#: it again, minutes on a loaded 2-core machine); no OpenMP thread pinning of this process.
ENGINE_ENV = {
    "VLLM_CPU_KVCACHE_SPACE": "1",
    "VLLM_ENABLE_V1_MULTIPROCESSING": "0",
    "VLLM_CPU_OMP_THREADS_BIND": "nobind",
}


@contextlib.contextmanager
def engine_environment():
    """``ENGINE_ENV`` in ``os.environ`` for the duration of the block."""
    old = {k: os.environ.get(k) for k in ENGINE_ENV}
    os.environ.update(ENGINE_ENV)
    try:
        yield dict(ENGINE_ENV)
    finally:
        for key, value in old.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


#: Engine settings for the CPU test engine. ``block_size`` 32 is the CPU backend's smallest,
#: so short multiple-choice contexts already fill prefix-cache blocks.
ENGINE_ARGS = {
    "dtype": "float32",
    "max_model_len": 512,
    "enforce_eager": True,
    "distributed_executor_backend": "uni",
    "block_size": 32,
    "seed": 1234,
}


def vllm_or_skip():
    try:
        import vllm
    except ImportError as exc:  # pragma: no cover - ci-setup.sh installs it
        pytest.skip(f"vLLM is not installed ({exc}); run packages/lmeval-vllm/ci-setup.sh")
    return vllm
