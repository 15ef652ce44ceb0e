"""Registers ``openvino``; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_models(register) -> None:
    register("openvino", "lmeval_openvino.models:OpenVINOLM")
