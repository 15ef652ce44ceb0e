"""Registers the ``hf_hub`` reporter for ``--hf_hub_log_args``; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_reporters(register) -> None:
    register("hf_hub", "lmeval_report_hub.reporter:HubReporter", cli_flag="hf_hub_log_args")
