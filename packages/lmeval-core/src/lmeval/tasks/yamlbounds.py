"""Bounds on a composed YAML document, checked before it is constructed.

PyYAML composes an alias as a second reference to its anchor's node, so composing and
constructing stay linear; what is exponential is everything that later walks the values (a deep
copy, a JSON dump, a config digest): nine levels of nine aliases (the "billion laughs") are 9^9
values. :func:`check_bounds` sizes the node graph as if every alias were expanded, in one pass
over its distinct nodes, and refuses a document past :data:`MAX_VALUES` values, nested deeper
than :data:`MAX_DEPTH`, or whose aliases loop, naming the top-level key and the line of the
smallest node past the bound. Real task files hold a few hundred values (lm-eval's largest, a
group of ~3,000 members, ~10,000).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import yaml

#: values a document may hold with its aliases expanded
MAX_VALUES = 1_000_000
#: nesting levels (PyYAML constructs recursively: a deeper document is a RecursionError)
MAX_DEPTH = 200


class BoundsProblem(NamedTuple):
    """Where a document passes a bound: its top-level key (None: the document itself), the
    line (1-based) and what is wrong."""

    key: str | None
    line: int
    message: str


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _top_key(node: yaml.Node) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def check_bounds(root: yaml.Node | None, *, max_values: int = MAX_VALUES,
                 max_depth: int = MAX_DEPTH) -> BoundsProblem | None:
    """The first bound ``root`` passes, or None. Linear in the distinct nodes."""
    if root is None:
        return None
    sizes: dict[int, tuple[int, int]] = {}  # id(node) -> (values expanded, depth)
    open_: set[int] = set()
    if isinstance(root, yaml.MappingNode):
        parts = [(_top_key(k), v) for k, v in root.value]
    else:
        parts = [(None, root)]
    total = 0
    for key, top in parts:
        problem = _measure(top, key, sizes, open_, max_values, max_depth)
        if problem is not None:
            return problem
        total += sizes[id(top)][0] + 1
        if total > max_values:
            return BoundsProblem(key, top.start_mark.line + 1, _too_many(max_values))
    return None


def _too_many(max_values: int) -> str:
    return (f"its aliases (*name) expand to more than {max_values:,} values (an alias bomb?); "
            "a task file holds a few hundred")


def _measure(top: yaml.Node, key: str | None, sizes: dict[int, tuple[int, int]], open_: set[int],
             max_values: int, max_depth: int) -> BoundsProblem | None:
    stack: list[tuple[Any, bool]] = [(top, False)]
    while stack:
        node, done = stack.pop()
        nid = id(node)
        if done:
            kids = [sizes[id(k)] for k in _children(node)]
            size = 1 + sum(s for s, _ in kids)
            depth = 1 + max((d for _, d in kids), default=0)
            sizes[nid] = (size, depth)
            open_.discard(nid)
            line = node.start_mark.line + 1
            if size > max_values:
                return BoundsProblem(key, line, _too_many(max_values))
            if depth > max_depth:
                return BoundsProblem(key, line, f"values nested more than {max_depth} levels deep "
                                                "(with aliases expanded)")
            continue
        if nid in sizes:
            continue
        if nid in open_:  # a node inside itself: `&a [*a]`
            return BoundsProblem(key, node.start_mark.line + 1,
                                 "an alias refers to a value that contains it (a recursive "
                                 "alias): the value would be infinite")
        open_.add(nid)
        stack.append((node, True))
        stack.extend((k, False) for k in _children(node) if id(k) not in sizes)
    return None
