"""vLLM's import, with less of the garbage collector's time.

Importing ``vllm.entrypoints.llm`` (torch, transformers, Inductor, vLLM's configs and engine)
creates about 680,000 objects the cyclic garbage collector tracks. While they pile up, CPython's
oldest-generation collections run again and again over the growing heap (each time it grows by a
quarter), and vLLM's engine start calls ``gc.collect()`` three more times (twice while loading the
weights, once before it freezes its heap). :func:`import_vllm` imports vLLM with only the young
generations collecting (they still reclaim short-lived cycles and untrack atomic containers),
then moves what survived to the permanent generation (``gc.freeze()``), as vLLM itself does
after its engine starts: later collections, vLLM's included, skip the imported modules. The
objects left behind are the same; a few hundred garbage objects of the import stay until vLLM's
shutdown unfreezes the heap and collects it.

On vLLM's CPU platform a compiled engine (``enforce_eager=False``) also pays, once per process,
Inductor's check of the CPU's vector instructions before its first kernel: a C++ probe per
instruction set, each loaded in a child Python (about 1-2 s of waiting, 0.8 s of the children's
CPU). :func:`probe_cpu_early` runs that same check in a daemon thread when the engine starts
(``LocalEngine``), so it overlaps the configuration and weight loading instead of following
them; Inductor caches the answer for the process.
"""

from __future__ import annotations

import gc
import logging
import sys
import threading

log = logging.getLogger("lmeval.vllm")

_MODULES = ("vllm.entrypoints.llm", "vllm.engine.arg_utils")
_lock = threading.Lock()


def import_vllm() -> None:
    """Import vLLM's offline engine and engine arguments (once), as the module docstring says.

    Raises ImportError as ``import vllm`` does; the caller words the message.
    """
    if all(name in sys.modules for name in _MODULES):
        return
    import importlib

    with _lock:
        if all(name in sys.modules for name in _MODULES):
            return
        threshold = gc.get_threshold()
        gc.set_threshold(threshold[0], threshold[1], 1 << 30)
        try:
            for name in _MODULES:
                importlib.import_module(name)
        finally:
            gc.set_threshold(*threshold)
        gc.freeze()


def probe_cpu_early() -> threading.Thread | None:
    """Start Inductor's vector-ISA check (``cpu_vec_isa.valid_vec_isa_list``) in a daemon
    thread on vLLM's CPU platform; None elsewhere, or where this torch has no such check."""
    from lmeval_vllm.compile_cache import _on_cpu_platform

    if not _on_cpu_platform():
        return None
    try:
        from torch._inductor import cpu_vec_isa
    except ImportError:  # pragma: no cover - vLLM requires torch
        return None
    check = getattr(cpu_vec_isa, "valid_vec_isa_list", None)
    if check is None:
        return None

    def run() -> None:
        try:
            check()
        except Exception as exc:  # the compile that needs it runs the check again and reports
            log.debug("lmeval-vllm: early vector-ISA check failed: %s", exc)

    thread = threading.Thread(target=run, name="lmeval-vllm-isa-probe", daemon=True)
    thread.start()
    return thread
