"""vLLM's import with the garbage collector's oldest generation held off (``lmeval_vllm.startup``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lmeval.errors import UsageError
from vllm_testenv import vllm_or_skip

CHILD = """
import gc, json, sys, threading
gc.set_threshold(650, 9, 8)
from lmeval_vllm.startup import import_vllm, probe_cpu_early
import_vllm()
import_vllm()  # the second call imports nothing and freezes nothing more
probe = probe_cpu_early()  # what LocalEngine does for a compiled engine
# the thread it started (one that already finished is no longer in threading.enumerate())
probes = [t for t in [probe] if t is not None and t.name == "lmeval-vllm-isa-probe"]
for t in probes:
    t.join()
from torch._inductor import cpu_vec_isa
from vllm.platforms import current_platform
checked = cpu_vec_isa.valid_vec_isa_list.cache_info().currsize
isa = str(cpu_vec_isa.pick_vec_isa())  # Inductor's own call: answered from the cache
print(json.dumps({"threshold": gc.get_threshold(), "enabled": gc.isenabled(),
                  "frozen": gc.get_freeze_count(), "probes": len(probes), "checked": checked,
                  "hits": cpu_vec_isa.valid_vec_isa_list.cache_info().hits, "isa": isa,
                  "cpu": current_platform.is_cpu(),
                  "imported": [m in sys.modules for m in ("vllm.entrypoints.llm",
                                                          "vllm.engine.arg_utils")]}))
"""


def test_vllm_is_imported_the_heap_frozen_the_gc_settings_restored_and_the_cpu_probed():
    vllm_or_skip()
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         timeout=600, check=True).stdout
    state = json.loads(out.strip().splitlines()[-1])
    assert state["threshold"] == [650, 9, 8]
    assert state["enabled"] is True
    assert state["imported"] == [True, True]
    # torch, transformers and vLLM: hundreds of thousands of objects, now skipped by every
    # collection until vLLM's shutdown unfreezes them
    assert state["frozen"] > 100_000
    if state["cpu"]:  # Inductor's vector-ISA check ran once, in the thread, and serves Inductor
        assert state["probes"] == 1 and state["checked"] == 1 and state["hits"] == 1
    else:
        assert state["probes"] == 0


def test_a_missing_vllm_is_one_usage_error(monkeypatch):
    from lmeval_vllm.models import _import_vllm

    for name in [m for m in sys.modules if m == "vllm" or m.startswith("vllm.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm -> ModuleNotFoundError
    with pytest.raises(UsageError, match=r"needs vLLM, which is not installed: pip install vllm"):
        _import_vllm()
