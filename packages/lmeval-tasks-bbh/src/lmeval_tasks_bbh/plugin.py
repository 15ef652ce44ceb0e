"""Entry point of the pack: the ``tasks`` directory and BBH's answer-extraction filters."""

from __future__ import annotations

from pathlib import Path

from lmeval.hookspecs import hookimpl

FILTERS = {
    "bbh_multiple_choice": "lmeval_tasks_bbh.filters:MultipleChoice",
    "bbh_map_regex": "lmeval_tasks_bbh.filters:MapRegex",
    "bbh_number": "lmeval_tasks_bbh.filters:NumberParse",
    "bbh_word_sort": "lmeval_tasks_bbh.filters:WordSort",
}


@hookimpl
def lmeval_register_task_sources(register) -> None:
    register(Path(__file__).parent / "tasks")


@hookimpl
def lmeval_register_filters(register) -> None:
    for name, factory in FILTERS.items():
        register(name, factory)
