"""lmeval plugin: registers the ``vllm`` model type (vLLM is imported only when it is used)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register):
    register("vllm", "lmeval_vllm.models:VLLM")
