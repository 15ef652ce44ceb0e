"""Registers the ``wandb`` reporter for ``--wandb_args``; imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import hookimpl


@hookimpl
def lmeval_register_reporters(register) -> None:
    register("wandb", "lmeval_report_wandb.reporter:WandbReporter", cli_flag="wandb_args")
