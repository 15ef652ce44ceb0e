"""Registers the ``nemo_lm`` backend; imports nothing heavy (NeMo is imported on first use)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("nemo_lm", "lmeval_nemo.models:NeMoLM")
