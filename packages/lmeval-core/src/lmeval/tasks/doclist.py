"""Lists of documents with the parts of ``datasets.Dataset`` that task code uses.

:class:`DocList` holds documents as Python dicts. :class:`JsonLinesDocs` holds the documents of
a JSON lines file as their lines (UTF-8, in one ``bytes`` buffer) and decodes a document on each
access: a fresh dict every time, as HF ``datasets`` hands out a fresh dict on each
``dataset[i]``. A dict of a few short fields costs about five times its JSON text, and a large
run holds its evaluation documents from start to end.
"""

from __future__ import annotations

import copy
import json
import random
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any


class _DatasetMethods:
    """``datasets.Dataset``'s methods over any sequence of dicts; results are :class:`DocList`."""

    __slots__ = ()
    _fresh = False  # True where every access decodes a new dict: map needs no copy

    def map(self, function: Callable[..., Any], with_indices: bool = False,
            batched: bool = False, remove_columns: Any = None, **_: Any) -> DocList:
        docs: Sequence[Any] = self  # type: ignore[assignment]
        if batched:
            columns = {k: [d[k] for d in docs] for k in self.column_names}
            out = function(columns, list(range(len(docs)))) if with_indices else function(columns)
            keys = list(out)
            rows = [dict(zip(keys, values, strict=False)) for values in zip(*(out[k] for k in keys), strict=False)]
            if remove_columns is None:
                rows = [{**old, **new} for old, new in zip(docs, rows, strict=False)] if len(rows) == len(docs) else rows
            return DocList(rows)
        rows = []
        for i, original in enumerate(docs):
            # datasets.map hands functions a copy; some edit in place
            doc = original if self._fresh else copy.deepcopy(original)
            new = function(doc, i) if with_indices else function(doc)
            row = dict(doc) if remove_columns is None else {
                k: v for k, v in doc.items()
                if k not in ([remove_columns] if isinstance(remove_columns, str) else remove_columns)}
            row.update(new or {})
            rows.append(row)
        return DocList(rows)

    def filter(self, function: Callable[..., bool], with_indices: bool = False, **_: Any) -> Any:
        return DocList(d for i, d in enumerate(self)  # type: ignore[call-overload]
                       if (function(d, i) if with_indices else function(d)))

    def select(self, indices: Iterable[int]) -> Any:
        return DocList(self[i] for i in indices)  # type: ignore[index]

    def shuffle(self, seed: int | None = None, **_: Any) -> Any:
        rows = list(self)  # type: ignore[call-overload]
        random.Random(seed).shuffle(rows)
        return DocList(rows)

    def rename_column(self, old: str, new: str) -> DocList:
        return DocList({(new if k == old else k): v for k, v in d.items()}
                       for d in self)  # type: ignore[attr-defined]

    def remove_columns(self, columns: str | list[str]) -> DocList:
        drop = {columns} if isinstance(columns, str) else set(columns)
        return DocList({k: v for k, v in d.items() if k not in drop}
                       for d in self)  # type: ignore[attr-defined]

    @property
    def column_names(self) -> list[str]:
        return list(self[0]) if self else []  # type: ignore[index]

    @property
    def features(self) -> dict[str, None]:
        return dict.fromkeys(self.column_names)

    @property
    def num_rows(self) -> int:
        return len(self)  # type: ignore[arg-type]


class DocList(_DatasetMethods, list):
    """A list of documents (dicts) with the parts of ``datasets.Dataset`` that task code uses."""

    def __getitem__(self, key: Any) -> Any:  # type: ignore[override]
        if isinstance(key, str):
            return [d[key] for d in self]
        result = super().__getitem__(key)
        return DocList(result) if isinstance(key, slice) else result


class JsonLinesDocs(_DatasetMethods, Sequence):
    """The documents of JSON lines, each held as its line and decoded on each access.

    ``buffer[starts[i]:ends[i]]`` is document ``i``'s line (UTF-8, already checked to parse):
    decoding it gives the values ``json.loads`` gave the line when the file was read. ``filter``,
    ``select``, ``shuffle`` and slices share the buffer; ``map`` and the column edits give a
    :class:`DocList`.
    """

    __slots__ = ("_buffer", "_starts", "_ends")
    _fresh = True

    def __init__(self, buffer: bytes, starts: array, ends: array) -> None:
        self._buffer = buffer
        self._starts = starts
        self._ends = ends

    @classmethod
    def joined(cls, parts: Sequence[JsonLinesDocs]) -> JsonLinesDocs:
        """The documents of ``parts`` one after the other, in one buffer."""
        starts, ends = array("q"), array("q")
        offset = 0
        for part in parts:
            starts.extend(s + offset for s in part._starts)
            ends.extend(e + offset for e in part._ends)
            offset += len(part._buffer)
        return cls(b"".join(part._buffer for part in parts), starts, ends)

    def _subset(self, indices: Iterable[int]) -> JsonLinesDocs:
        positions = list(indices)
        return JsonLinesDocs(self._buffer, array("q", [self._starts[i] for i in positions]),
                             array("q", [self._ends[i] for i in positions]))

    def __len__(self) -> int:
        return len(self._starts)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return [d[key] for d in self]
        if isinstance(key, slice):
            return self._subset(range(len(self))[key])
        return json.loads(self._buffer[self._starts[key]:self._ends[key]].decode("utf-8"))

    def __iter__(self) -> Iterator[Any]:
        buffer, loads = self._buffer, json.loads
        for start, end in zip(self._starts, self._ends, strict=True):
            yield loads(buffer[start:end].decode("utf-8"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, (list, tuple, JsonLinesDocs)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]  # as a list

    def __repr__(self) -> str:
        return f"JsonLinesDocs({len(self)} documents)"

    def __reduce__(self) -> tuple[Any, ...]:
        return JsonLinesDocs, (self._buffer, self._starts, self._ends)

    def filter(self, function: Callable[..., bool], with_indices: bool = False,
               **_: Any) -> JsonLinesDocs:
        return self._subset(i for i, d in enumerate(self)
                            if (function(d, i) if with_indices else function(d)))

    def select(self, indices: Iterable[int]) -> JsonLinesDocs:
        return self._subset(indices)

    def shuffle(self, seed: int | None = None, **_: Any) -> JsonLinesDocs:
        order = list(range(len(self)))
        random.Random(seed).shuffle(order)  # the permutation DocList.shuffle makes
        return self._subset(order)
