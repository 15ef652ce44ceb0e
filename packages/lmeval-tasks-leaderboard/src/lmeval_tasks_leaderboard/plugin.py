"""Entry point of the pack: contributes the ``tasks`` directory to lmeval's task index."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

#: what ``lmeval ls`` says beside these names
NOTES = {
    "ifeval_es": "cannot run: lm-eval's checks need spaCy pipelines that are not on PyPI",
    "ifeval_ca": "cannot run: lm-eval's checks need spaCy pipelines that are not on PyPI",
}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)
