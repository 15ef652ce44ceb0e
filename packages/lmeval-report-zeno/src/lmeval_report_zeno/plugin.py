"""Registers the ``zeno`` reporter (``--zeno_args output_dir=...,project_name=...``)."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_reporters(register) -> None:
    register("zeno", "lmeval_report_zeno.export:ZenoReporter", cli_flag="zeno_args")
