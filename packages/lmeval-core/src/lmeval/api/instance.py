"""``from lmeval.api.instance import Instance``: lm-eval's request record, for code that names
it (type hints of a custom LM's methods, tests that build requests by hand).

lmeval's backends receive :mod:`lmeval.protocol` requests, whose ``.args`` hold the same tuples;
an ``Instance`` built here has those ``.args`` too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

OutputType = Literal["loglikelihood", "loglikelihood_rolling", "generate_until", "multiple_choice"]


@dataclass
class Instance:
    request_type: OutputType
    doc: dict[str, Any]
    arguments: tuple[Any, ...]
    idx: int
    metadata: tuple[str | None, int | None, int | None] = field(default=(None, None, None))
    resps: list[Any] = field(default_factory=list)
    filtered_resps: dict[str, Any] = field(default_factory=dict)
    task_name: str | None = None
    doc_id: int | None = None
    repeats: int | None = None

    def __post_init__(self) -> None:
        self.task_name, self.doc_id, self.repeats = self.metadata

    @property
    def args(self) -> tuple[Any, ...]:
        """The request's arguments: ``(context, continuation)``, ``(text,)`` or
        ``(context, generation kwargs)``."""
        return self.arguments if isinstance(self.arguments, tuple) else (self.arguments,)
