"""lmeval plugin: registers the ``vllm`` and ``vllm-vlm`` model types (vLLM is imported only when it is used)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register):
    register("vllm", "lmeval_vllm.models:VLLM")
    register("vllm-vlm", "lmeval_vllm.vlm:VLLMVLM")
