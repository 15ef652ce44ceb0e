"""Registers the ``megatron_lm`` backend; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("megatron_lm", "lmeval_megatron.models:MegatronLM")
