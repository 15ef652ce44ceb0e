"""A task written in Python: its YAML names this class (``class: !function ...``) and the class
overrides what YAML cannot say. Any method of :class:`lmeval.tasks.task.Task` may be overridden
(``doc_to_text``, ``doc_to_target``, ``construct_requests``, ``process_results``, ...)."""

from __future__ import annotations

from typing import Any

from lmeval.tasks.task import Task


class ShoutTask(Task):
    """``example_copy`` with the prompt in capitals."""

    def doc_to_text(self, doc: dict, spec: Any = None) -> Any:
        return str(super().doc_to_text(doc, spec)).upper()
