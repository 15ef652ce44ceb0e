"""The README's task list, written between two markers by ``regenerate.py`` (the drift test checks
it is current): for each family module (its ``TITLE``, ``tasks()``, ``GROUPS`` and ``TAGS``), its
tasks, groups and tags."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from _common import README

BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
#: the families' order in the list; a family not named here comes after them, in file-name order
ORDER = ("blimp", "blimp_nl", "bhs", "zhoblimp", "turblimp", "multiblimp", "lm_syneval")


def _position(module: ModuleType) -> int:
    return ORDER.index(module.FOLDER) if module.FOLDER in ORDER else len(ORDER)


def section(modules: list[ModuleType]) -> str:
    families = sorted(modules, key=_position)
    n_tasks = sum(len(m.tasks()) for m in families)
    groups = [g for m in families for g in m.GROUPS]
    tags = [t for m in families for t in getattr(m, "TAGS", [])]
    lines = [BEGIN, "", f"{n_tasks} tasks and {len(groups)} groups, {sum('::' in g for g in groups)} of them "
             f"inline (named `<group>::<subgroup>`), and {len(tags)} tags (written by `generate/regenerate.py`).", ""]
    for m in families:
        tasks, family_tags = m.tasks(), getattr(m, "TAGS", [])
        tag_line = ["tags: " + ", ".join(f"`{t}`" for t in family_tags), ""] if family_tags else []
        lines += [f"<details><summary>{m.TITLE}: {len(tasks)} tasks, {len(m.GROUPS)} groups</summary>", "",
                  "groups: " + (", ".join(f"`{g}`" for g in m.GROUPS) or "none"), "", *tag_line,
                  "tasks: " + ", ".join(f"`{t}`" for t in tasks), "", "</details>", ""]
    return "\n".join(lines + [END])


def main(modules: list[ModuleType], target: Path | None) -> None:
    """Write the pack's README with a fresh task list to ``target`` (nowhere when None)."""
    if target is not None and README.exists():
        pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
        target.write_text(pattern.sub(lambda _: section(modules), README.read_text(encoding="utf-8")),
                          encoding="utf-8")
