"""Registers the ``wandb`` reporter: ``lmeval run --reporter wandb:k=v,...``, or lm-eval's
``--wandb_args k=v,...`` (an alias the core keeps); imports nothing heavy."""

from __future__ import annotations

from lmeval.hookspecs import RegisterReporter, hookimpl


@hookimpl
def lmeval_register_reporters(register: RegisterReporter) -> None:
    register("wandb", "lmeval_report_wandb.reporter:WandbReporter")
