"""Registers the ``zeno`` reporter (``--reporter zeno:output_dir=...,project_name=...``) and
the ``lmeval zeno-export`` subcommand; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import RegisterCommand, RegisterReporter, hookimpl


@hookimpl
def lmeval_register_reporters(register: RegisterReporter) -> None:
    register("zeno", "lmeval_report_zeno.export:ZenoReporter")


@hookimpl
def lmeval_register_commands(register: RegisterCommand) -> None:
    register("zeno-export", "lmeval_report_zeno.export:command",
             help="write Zeno projects (dataset + one system per model) from saved runs")
