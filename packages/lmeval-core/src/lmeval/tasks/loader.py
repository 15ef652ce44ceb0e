"""From names to objects: tasks, groups (with their member trees) and tags."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from lmeval.errors import ConfigError, UsageError
from lmeval.tasks.config import GroupConfig, build_group_config, build_task_config, fail
from lmeval.tasks.index import TaskIndex
from lmeval.tasks.task import Task
from lmeval.tasks.yamlio import (
    FunctionRef,
    LocatedDict,
    duplicate_keys,
    load_config,
    resolve_includes,
)


@dataclass
class Group:
    name: str
    config: GroupConfig
    children: list[Node] = field(default_factory=list)

    @property
    def alias(self) -> str:
        return self.config.group_alias or self.name

    @property
    def has_aggregation(self) -> bool:
        return bool(self.config.aggregate_metric_list)

    def leaf_tasks(self) -> list[Task]:
        out: list[Task] = []
        for child in self.children:
            out.extend(child.leaf_tasks() if isinstance(child, Group) else [child])
        return out


Node = Task | Group


def _merge(base: dict, overrides: dict | None) -> dict:
    if not overrides:
        return base
    merged = LocatedDict(base)
    if isinstance(base, LocatedDict):
        merged.file, merged.line, merged.lines = base.file, base.line, dict(base.lines)
        merged.__dict__["origins"] = dict(base.__dict__.get("origins", {}))
    merged.update(overrides)
    return merged


class TaskLoader:
    """Builds :class:`Task` and :class:`Group` objects from index entries or inline configs."""

    def __init__(self, index: TaskIndex, plugins: Any, metadata: dict | None = None) -> None:
        self.index = index
        self.plugins = plugins
        self.metadata = metadata or {}

    def load(self, names: list[str | dict]) -> list[Node]:
        nodes: list[Node] = []
        for item in names:
            if isinstance(item, LocatedDict) and item.file:  # a YAML file named in --tasks
                nodes.append(self.from_file(item))
                continue
            if isinstance(item, dict):
                nodes.append(self._inline(item, None, None))
                continue
            for name in self.index.match([item]):
                entry = self.index.get(name)
                if entry.kind == "tag":
                    nodes.extend(self.task(n) for n in entry.tags)
                elif entry.kind == "group":
                    nodes.append(self.group(name))
                else:
                    nodes.append(self.task(name))
        return nodes

    def from_file(self, raw: LocatedDict) -> Node:
        """A task or group config read from a YAML file (its location kept for errors)."""
        if "group" in raw and isinstance(raw.get("task"), list):
            return self._group_from(str(raw["group"]), raw, None)
        return self._make_task(raw)

    def task(self, name: str, overrides: dict | None = None) -> Task:
        entry = self.index.get(name)
        raw = _load(entry.path)
        raw = _merge(raw, overrides)
        return self._make_task(raw)

    def _make_task(self, raw: dict) -> Task:
        cls = task_class(raw)  # first: an lm-eval class is named as such, not by a field it reads
        config = build_task_config(raw, provided=provided_fields(cls))
        return cls(config, plugins=self.plugins, metadata=self.metadata)

    def group(self, name: str, overrides: dict | None = None) -> Group:
        entry = self.index.get(name)
        raw = _load(entry.path)
        return self._group_from(name, raw, overrides)

    def _group_from(self, name: str, raw: dict, overrides: dict | None, stack: tuple[str, ...] = ()) -> Group:
        if name in stack:
            raise fail(raw, "task", f"group {name!r} contains itself: {' -> '.join([*stack, name])}")
        config = build_group_config(raw, name)
        pushed = {**config.overrides, **(overrides or {})}
        group = Group(name, config)
        for member in config.task:
            for child in self._members(member, group, pushed, raw, (*stack, name)):
                _add_child(group.children, child)
        return group

    def _members(self, item: Any, group: Group, overrides: dict, raw: dict,
                 stack: tuple[str, ...]) -> list[Node]:
        if isinstance(item, str):
            base, item_overrides = item, dict(overrides)
        elif isinstance(item, dict):
            if "group" in item:
                sub = item["group"]
                inline = {k: v for k, v in item.items() if k != "group"}
                if sub in self.index.rows and self.index.get(sub).kind == "group":
                    return [self.group_with(sub, {**overrides, **inline}, stack)]
                sub_raw = _merge(item, None)
                return [self._group_from(f"{group.name}::{sub}", sub_raw, overrides, stack)]
            if "task" not in item:
                raise fail(raw, "task", f"a member of group {group.name!r} needs a `task:` or "
                                        f"`group:` key, got {sorted(item)}")
            base, item_overrides = item["task"], {**overrides, **item}
        else:
            raise fail(raw, "task", f"unsupported member {item!r} of group {group.name!r}")
        if base not in self.index.rows:
            # a dict member naming no data source only overrides a task it names (`task:
            # mmlu_anatomy` with a `task_alias`): that task is missing (a pack not installed),
            # not an inline task, so it gets the unknown-name error below
            if isinstance(item, dict) and not _INLINE_SOURCE_KEYS.isdisjoint(item):
                return [self._inline(item_overrides, group, raw, namespaced=f"{group.name}::{base}",
                                     item=item)]
            try:
                self.index.get(base)
            except ConfigError:
                raise
            except UsageError as exc:
                raise fail(raw, "task", str(exc)) from None
        entry = self.index.get(base)
        if entry.kind == "group":
            return [self.group_with(base, item_overrides, stack)]
        if entry.kind == "tag":
            return [self.task(n, {**item_overrides, "task": n}) for n in entry.tags]
        return [self.task(base, {**item_overrides, "task": base})]

    def group_with(self, name: str, overrides: dict, stack: tuple[str, ...]) -> Group:
        entry = self.index.get(name)
        return self._group_from(name, _load(entry.path), overrides, stack)

    def _inline(self, cfg: dict, group: Group | None, raw: dict | None, namespaced: str | None = None,
                item: dict | None = None) -> Node:
        if "group" in cfg and "task" in cfg and isinstance(cfg["task"], list):
            return self._group_from(cfg["group"], cfg, None)
        cfg = dict(cfg)
        if namespaced:
            cfg["task"] = namespaced
        located = LocatedDict(cfg)
        where = item if isinstance(item, LocatedDict) else raw
        if isinstance(where, LocatedDict):
            located.file, located.line = where.file, where.line
            located.lines = dict(where.lines)
        # an inline member's `include` (lm-eval's flan groups) is merged from beside the group file
        return self._make_task(resolve_includes(located))


_WARNED: set[tuple[str, int]] = set()
#: keys that make a group member an inline task definition (where its documents come from)
_INLINE_SOURCE_KEYS = frozenset({"dataset_path", "include", "class", "custom_dataset"})


def _load(path: str) -> LocatedDict:
    """A task or group file with its includes; a key written twice is warned about once (the
    last one is used, as lm-eval uses it)."""
    raw = load_config(path)
    for dup in duplicate_keys(raw):
        if (dup.file, dup.line) not in _WARNED:
            _WARNED.add((dup.file, dup.line))
            logging.getLogger("lmeval").warning("lmeval: %s", dup.message())
    return raw


def task_class(raw: dict) -> type[Task]:
    """The class a task YAML asks for: ``class: !function module.MyTask`` (a subclass of
    :class:`lmeval.tasks.task.Task`, found beside the YAML or importable — how a task pack ships
    Python tasks), else :class:`Task`."""
    ref = raw.get("class")
    if ref is None:
        return Task
    if not isinstance(ref, FunctionRef):
        raise fail(raw, "class", "expected `!function module.ClassName` naming a subclass of "
                                 f"lmeval.tasks.task.Task, got {ref!r}")
    cls = ref.resolve()
    if not (isinstance(cls, type) and issubclass(cls, Task)):
        origin = f"{getattr(cls, '__module__', '?')}.{getattr(cls, '__qualname__', cls)!s}"
        raise fail(raw, "class", f"{ref.spec!r} is {origin}, not a subclass of "
                                 "lmeval.tasks.task.Task (an lm-eval Task class must be ported: "
                                 "subclass lmeval's Task and override its methods)")
    return cls


def provided_fields(cls: type[Task]) -> frozenset[str]:
    """The ``doc_to_*`` fields a task class computes itself (it overrides the method), so its
    YAML need not set them."""
    return frozenset(name for name in ("doc_to_text", "doc_to_target", "doc_to_choice")
                     if getattr(cls, name) is not getattr(Task, name))


def _add_child(children: list[Node], child: Node) -> None:
    """A member named twice in a group is one member, as in lm-eval (its group holds children by
    name): the later one takes the earlier one's place."""
    for i, known in enumerate(children):
        if known.name == child.name:
            children[i] = child
            return
    children.append(child)
