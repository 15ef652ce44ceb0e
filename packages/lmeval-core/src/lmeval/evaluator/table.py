"""One task's requests as columns: a run of a million requests holds each request and 8 bytes
beside it, not an :class:`~lmeval.tasks.task.Instance` with its lists for the whole run.

A :class:`RequestTable` reads as the list of instances it replaces (``len``, iteration,
indexing); each read makes a fresh ``Instance``, with its answers once the run has them."""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import Any, overload

from lmeval.protocol import Request
from lmeval.tasks.task import Instance

#: a document id or request index: a C int (4 bytes; a task of 2**31 documents fails loudly)
_INDEX = "i"


class RequestTable(Sequence[Instance]):
    """A task's requests in document order, each document's in request order."""

    __slots__ = ("_answers", "doc_ids", "idxs", "in_doc_order", "offset", "repeats", "requests",
                 "task_name")

    def __init__(self, task_name: str, repeats: int = 1, *, in_doc_order: bool = True) -> None:
        self.task_name = task_name
        self.repeats = repeats
        #: each document's rows are together, documents in the order of the run's ids
        self.in_doc_order = in_doc_order
        self.requests: list[Request] = []
        self.doc_ids = array(_INDEX)
        self.idxs = array(_INDEX)
        self._answers: Sequence[Any] | None = None
        self.offset = 0

    def append(self, doc_id: int, idx: int, request: Request) -> None:
        self.requests.append(request)
        self.doc_ids.append(doc_id)
        self.idxs.append(idx)

    def answered(self, answers: Sequence[Any], offset: int) -> int:
        """Take the run's answers (every call's, in the run's order), this table's from
        ``offset``; returns the offset after them."""
        self._answers, self.offset = answers, offset
        return offset + len(self.requests) * self.repeats

    def __len__(self) -> int:
        return len(self.requests)

    def _instance(self, row: int) -> Instance:
        inst = Instance(self.task_name, self.doc_ids[row], self.idxs[row], self.requests[row],
                        self.repeats)
        if self._answers is not None:
            start = self.offset + row * self.repeats
            inst.resps = list(self._answers[start:start + self.repeats])
        return inst

    @overload
    def __getitem__(self, index: int) -> Instance: ...
    @overload
    def __getitem__(self, index: slice) -> list[Instance]: ...
    def __getitem__(self, index: int | slice) -> Instance | list[Instance]:
        if isinstance(index, slice):
            return [self._instance(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("request table index out of range")
        return self._instance(index)

    def __iter__(self) -> Iterator[Instance]:
        return (self._instance(i) for i in range(len(self)))

    def clear(self) -> None:
        """Drop every request and answer (a task scored and written)."""
        self.requests = []
        self.doc_ids, self.idxs = array(_INDEX), array(_INDEX)
        self._answers = None

    def __getstate__(self) -> dict[str, Any]:
        """What ``--cache_requests`` pickles: the requests, never a run's answers."""
        return {"task_name": self.task_name, "repeats": self.repeats,
                "in_doc_order": self.in_doc_order, "requests": self.requests,
                "doc_ids": self.doc_ids, "idxs": self.idxs}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._answers, self.offset = None, 0
