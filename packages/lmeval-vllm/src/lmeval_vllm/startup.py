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
"""

from __future__ import annotations

import gc
import sys
import threading

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
        threshold = gc.get_threshold()
        gc.set_threshold(threshold[0], threshold[1], 1 << 30)
        try:
            for name in _MODULES:
                importlib.import_module(name)
        finally:
            gc.set_threshold(*threshold)
        gc.freeze()
