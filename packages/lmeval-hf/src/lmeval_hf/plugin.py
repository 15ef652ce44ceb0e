"""Registers the ``hf`` and ``hf-multimodal`` backends; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("hf", "lmeval_hf.models:HFLM", aliases=("hf-auto", "huggingface"))
    register("hf-multimodal", "lmeval_hf.multimodal:HFMultimodalLM")
