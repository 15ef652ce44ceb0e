"""Registers the ``gguf`` backend; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("gguf", "lmeval_llamacpp.models:GGUFLM", aliases=("ggml",))
