"""Registers the ``sglang`` backend; imports nothing heavy (SGLang is imported on first use)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("sglang", "lmeval_sglang.models:SGLangLM")
