"""Entry point of the pack: its ``tasks`` directory, with the note ``lmeval ls`` prints for the
tasks that need an optional library."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

NOTES = dict.fromkeys(("discrim_eval_explicit", "discrim_eval_implicit"),
                      "needs the [discrim-eval] extra (statsmodels, pandas)")
NOTES["realtoxicityprompts"] = "scored by Google's Perspective API: needs PERSPECTIVE_API_KEY"


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)
