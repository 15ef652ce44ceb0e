"""Registers the ``hf_hub`` reporter: ``lmeval run --reporter hf_hub:k=v,...``, or lm-eval's
``--hf_hub_log_args k=v,...`` (an alias the core keeps); imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import RegisterReporter, hookimpl


@hookimpl
def lmeval_register_reporters(register: RegisterReporter) -> None:
    register("hf_hub", "lmeval_report_hub.reporter:HubReporter")
