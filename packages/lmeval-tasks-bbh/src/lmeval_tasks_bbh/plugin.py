"""Entry point of the pack: the ``tasks`` directory (with the notes ``lmeval ls`` prints for
long generations) and BBH's answer-extraction filters."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

FILTERS = {
    "bbh_multiple_choice": "lmeval_tasks_bbh.filters:MultipleChoice",
    "bbh_map_regex": "lmeval_tasks_bbh.filters:MapRegex",
    "bbh_number": "lmeval_tasks_bbh.filters:NumberParse",
    "bbh_word_sort": "lmeval_tasks_bbh.filters:WordSort",
}

NOTES = {name: "generates up to 32,768 tokens (a reasoning budget)" for name in ("aime", "aime24", "aime25")}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks", notes=NOTES)


@hookimpl
def lmeval_register_filters(register) -> None:
    for name, factory in FILTERS.items():
        register(name, factory)
