"""Registers the ``steered`` backend; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("steered", "lmeval_steered.models:SteeredLM")
