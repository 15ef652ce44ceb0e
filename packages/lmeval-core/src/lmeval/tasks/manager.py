"""``TaskManager``: lm-eval's task-name lookup (``from lmeval.tasks import TaskManager``) on
lmeval's task index. ``simple_evaluate(task_manager=...)`` takes its ``include_path`` and
``metadata``, as lm-eval's does."""

from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Any

from lmeval.tasks.index import TaskIndex, task_sources


class TaskManager:
    """The names of the installed packs' tasks, groups and tags, and those under ``include_path``
    (only those with ``include_defaults=False``)."""

    def __init__(self, verbosity: str | None = None, include_path: str | list[str] | None = None,
                 include_defaults: bool = True, metadata: dict[str, Any] | None = None) -> None:
        if verbosity is not None:
            from lmeval.utils import setup_logging

            setup_logging(verbosity)
        self.include_path = include_path
        self.include_defaults = include_defaults
        self.metadata = metadata
        self._index: TaskIndex | None = None

    @property
    def index(self) -> TaskIndex:
        if self._index is None:
            from lmeval.plugins import get_plugin_manager

            sources = task_sources(get_plugin_manager(), self.include_path)
            if not self.include_defaults:
                sources = task_sources(_NoPacks(), self.include_path)
            self._index = TaskIndex(sources)
        return self._index

    @property
    def task_index(self) -> dict[str, dict[str, Any]]:
        """name -> ``{"type": "task" | "group" | "tag", "yaml_path": path or -1}``."""
        out = {}
        for name in self.index.names():
            entry = self.index.get(name)
            out[name] = {"type": entry.kind, "yaml_path": entry.path or -1}
        return out

    @property
    def all_tasks(self) -> list[str]:
        """Every task, group and tag name, sorted."""
        return self.index.names()

    @property
    def all_groups(self) -> list[str]:
        return self.index.names("group")

    @property
    def all_subtasks(self) -> list[str]:
        return self.index.names("task")

    @property
    def all_tags(self) -> list[str]:
        return self.index.names("tag")

    def match_tasks(self, task_list: list[str] | str) -> list[str]:
        """The names matching each pattern (``*``, ``?``, ``[...]``), sorted; unknown ones dropped."""
        patterns = [task_list] if isinstance(task_list, str) else list(task_list)
        names = self.index.names()
        return sorted({n for p in patterns for n in fnmatch.filter(names, p)})

    def __repr__(self) -> str:
        return f"TaskManager(include_path={self.include_path!r})"


class _NoPacks:
    """A plugin manager stand-in with no installed task packs (``include_defaults=False``)."""

    @staticmethod
    def task_sources() -> list[tuple[Path, str]]:
        return []
