"""Which task pack provides an lm-eval task name, for names no installed pack has.

``pack_names.json`` (beside this module) holds, per pack, the names its tasks, groups and tags
start with (``prefixes``: ``arc`` covers ``arc`` and ``arc_*``) and the names a prefix cannot
cover because two packs share it (``names``). It is written by
``packages/lmeval-core/generate/pack_names.py`` from the installed packs and drift-tested
(``tests/test_pack_names.py``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Collection
from functools import lru_cache
from pathlib import Path
from typing import Any

TABLE = Path(__file__).with_name("pack_names.json")
PACK_PREFIX = "lmeval-tasks-"


@lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, str]]:
    try:
        return json.loads(TABLE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"prefixes": {}, "names": {}}


def pack_for(name: str) -> str | None:
    """The pack providing task, group or tag ``name`` (or the tasks a ``--tasks`` pattern
    such as ``mmlu_*`` names), or None."""
    packs = packs_for(name)
    return packs[0] if len(packs) == 1 else None


def packs_for(name: str) -> list[str]:
    """The packs providing ``name``: one for a name or a prefix one pack owns; for a pattern,
    every pack with names it can match (``hella*``: the classic pack's ``hellaswag`` and the
    MMLU pack's Okapi ``hellaswag_<lang>``), sorted."""
    table = _table()
    if name in table["names"]:
        return [table["names"][name]]
    literal = name.split("*")[0].split("?")[0].split("[")[0]
    parts = literal.split("_")
    for size in range(min(2, len(parts)), 0, -1):
        pack = table["prefixes"].get("_".join(parts[:size]))
        if pack:
            return [pack]
    if literal != name and literal:  # a pattern: the packs whose names it can match
        return sorted({p for key in ("prefixes", "names") for n, p in table[key].items()
                       if n.startswith(literal) or literal.startswith(n + "_")})
    return []


def missing_pack_hint(name: str, loaded: Collection[str] = ()) -> str | None:
    """``"<name> is in <pack>: pip install <pack>"`` when the pack the table names for ``name``
    is not among the ``loaded`` distributions (for a pattern, every such pack), else None."""
    packs = packs_for(name)
    missing = [p for p in packs if p not in loaded]
    if not missing:
        return None  # loaded: the name is misspelled, not missing
    if any(ch in name for ch in "*?["):
        return f"{name} matches tasks of {' and '.join(missing)}: pip install {' '.join(missing)}"
    return f"{name} is in {missing[0]}: pip install {missing[0]}"


def no_pack_note() -> str:
    """What ``lmeval ls tasks`` says when no task pack is installed."""
    packs = _table().get("packs") or []
    example = pack_for("hellaswag")
    start = (f"e.g. pip install {example} (hellaswag, arc, gsm8k ...); " if example else "")
    return ("lmeval: no task pack is installed; lm-eval's tasks come in packs, "
            + start + "all packs: " + ", ".join(packs) + "; or --include_path DIR for your own YAML")


def build_table(index: Any) -> dict[str, Any]:
    """The table of a task index over the installed packs: one- then two-word prefixes owned by
    a single pack, exact names for the rest."""
    owner: dict[str, str] = {}
    for name in index.names():
        packs = _packs_of(index, name, ())
        if len(packs) == 1:
            owner[name] = packs.pop()
    prefixes: dict[str, str] = {}
    names: dict[str, str] = {}
    pending = dict(owner)
    for size in (1, 2):
        groups: dict[str, set[str]] = defaultdict(set)
        for name, pack in pending.items():
            parts = name.split("_")
            if len(parts) >= size:
                groups["_".join(parts[:size])].add(pack)
        covered = {p: next(iter(s)) for p, s in groups.items() if len(s) == 1}
        prefixes.update(covered)
        pending = {n: p for n, p in pending.items()
                   if "_".join(n.split("_")[:size]) not in covered or len(n.split("_")) < size}
    for name, pack in pending.items():
        names[name] = pack
    return {"packs": sorted(set(owner.values())), "prefixes": dict(sorted(prefixes.items())),
            "names": dict(sorted(names.items()))}


def _packs_of(index: Any, name: str, seen: tuple[str, ...]) -> set[str]:
    entry = index.get(name)
    if entry.distribution.startswith(PACK_PREFIX):
        return {entry.distribution}
    out: set[str] = set()
    if entry.path is None:  # a tag: the packs of its members
        for member in entry.tags:
            if member not in seen and member in index.rows:
                out |= _packs_of(index, member, (*seen, name))
    return out
