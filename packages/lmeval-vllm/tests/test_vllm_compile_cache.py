"""vLLM's compile cache holds across runs on the CPU build (lmeval_vllm.compile_cache).

The unit tests check when ``prepare`` acts; the real one starts a compiled (not eager) engine in
two fresh processes sharing empty caches and checks that the second start loads the first one's
AOT-compiled model (no "Compiling model again", nothing compiled) and answers exactly as the
first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from lmeval_vllm import compile_cache
from vllm_testenv import ENGINE_ARGS, ENGINE_ENV, vllm_or_skip


@pytest.mark.parametrize("env", [{}, {"VLLM_USE_AOT_COMPILE": "1"}])
def test_cpu_platform_teaches_the_stock_artifact_to_load(env):
    pytest.importorskip("torch")
    from torch._dynamo.aot_compile_types import BundledAOTAutogradSerializableCallable

    before = dict(env)
    assert compile_cache.prepare({"enforce_eager": False}, env, on_cpu=True)
    assert env == before  # vLLM's AOT path stays on
    assert BundledAOTAutogradSerializableCallable.finalize_loading is not None


def test_without_the_artifact_class_the_aot_compile_is_turned_off(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch._dynamo.aot_compile_types", None)
    env: dict[str, str] = {}
    assert compile_cache.prepare({"enforce_eager": False}, env, on_cpu=True)
    assert env == {"VLLM_USE_AOT_COMPILE": "0"}
    env = {"VLLM_USE_AOT_COMPILE": "1"}  # the user's choice stands
    assert not compile_cache.prepare({}, env, on_cpu=True)
    assert env == {"VLLM_USE_AOT_COMPILE": "1"}


@pytest.mark.parametrize("engine_args, env, on_cpu", [
    ({}, {"VLLM_USE_AOT_COMPILE": "0"}, True),   # the user's choice stands
    ({"enforce_eager": True}, {}, True),          # nothing is compiled
    ({}, {}, False),                              # GPU builds load their AOT artifacts
])
def test_nothing_changes_otherwise(engine_args, env, on_cpu):
    before = dict(env)
    assert not compile_cache.prepare(engine_args, env, on_cpu=on_cpu)
    assert env == before


def test_the_platform_is_vllms():
    vllm_or_skip()
    from vllm.platforms import current_platform

    env: dict[str, str] = {}
    assert compile_cache.prepare({}, env) == bool(current_platform.is_cpu())


START = textwrap.dedent("""
    import json, sys
    import torch._dynamo.utils
    import vllm
    from lmeval_vllm.engine import LocalEngine

    engine = LocalEngine(json.loads(sys.argv[1]))
    params = vllm.SamplingParams(max_tokens=4, temperature=0, logprobs=1)
    out = engine.llm.generate([[1, 5, 9, 13, 17]], params, use_tqdm=False)[0].outputs[0]
    inductor = torch._dynamo.utils.counters["inductor"]
    print("RESULT " + json.dumps({
        "tokens": list(out.token_ids),
        "logprobs": [lp[t].logprob for t, lp in zip(out.token_ids, out.logprobs)],
        "hits": inductor["fxgraph_cache_hit"], "misses": inductor["fxgraph_cache_miss"]}))
    engine.close()
""")


def _start(args: dict, env: dict) -> tuple[dict, str]:
    proc = subprocess.run([sys.executable, "-c", START, json.dumps(args)], env=env,
                          capture_output=True, text=True, timeout=900)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log[-3000:]
    line = next(x for x in proc.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT "):]), log


def test_a_second_compiled_start_compiles_nothing(tiny_llama, tmp_path):
    vllm_or_skip()
    from vllm.platforms import current_platform

    if not current_platform.is_cpu():
        pytest.skip("the AOT cache failure and its work-around are the CPU build's")
    env = {**os.environ, **ENGINE_ENV, "VLLM_CACHE_ROOT": str(tmp_path / "vllm"),
           "TORCHINDUCTOR_CACHE_DIR": str(tmp_path / "inductor")}
    env.pop("VLLM_USE_AOT_COMPILE", None)
    args = {**ENGINE_ARGS, "model": tiny_llama, "enforce_eager": False}
    first, _ = _start(args, env)
    second, log = _start(args, env)
    assert first["misses"] > 0  # the first start compiled ...
    assert second["misses"] == 0, second  # ... the second compiled nothing:
    assert "Directly load AOT compilation" in log  # it loaded the first one's model
    assert "Compiling model again" not in log
    assert second["tokens"] == first["tokens"]
    assert second["logprobs"] == first["logprobs"]
