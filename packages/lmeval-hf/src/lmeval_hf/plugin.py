"""Registers the ``hf`` backend; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("hf", "lmeval_hf.models:HFLM", aliases=("hf-auto", "huggingface"))
