"""vLLM's import with the garbage collector's oldest generation held off (``lmeval_vllm.startup``)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lmeval.errors import UsageError
from vllm_testenv import vllm_or_skip

CHILD = """
import gc, json, sys
gc.set_threshold(650, 9, 8)
from lmeval_vllm.startup import import_vllm
import_vllm()
import_vllm()  # the second call imports nothing and freezes nothing more
print(json.dumps({"threshold": gc.get_threshold(), "enabled": gc.isenabled(),
                  "frozen": gc.get_freeze_count(),
                  "imported": [m in sys.modules for m in ("vllm.entrypoints.llm",
                                                          "vllm.engine.arg_utils")]}))
"""


def test_vllm_is_imported_the_heap_frozen_and_the_gc_settings_restored():
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


def test_a_missing_vllm_is_one_usage_error(monkeypatch):
    from lmeval_vllm.models import _import_vllm

    for name in [m for m in sys.modules if m == "vllm" or m.startswith("vllm.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm -> ModuleNotFoundError
    with pytest.raises(UsageError, match=r"needs vLLM, which is not installed: pip install vllm"):
        _import_vllm()
