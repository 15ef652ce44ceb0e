"""A base for small records on the start-up path.

``dataclasses`` costs ~3 ms to import (it pulls in ``inspect``), and the plugin registry and the
task index are imported by every command, ``lmeval ls`` included. Their records subclass
:class:`SlotRecord` instead: ``__slots__`` fields set in ``__init__``, with the ``repr`` and
equality a dataclass would give (mutable, so unhashable, like a dataclass with ``eq=True``).
"""

from __future__ import annotations


class SlotRecord:
    __slots__ = ()

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__slots__)

    __hash__ = None  # type: ignore[assignment]
