"""The README's task list, written between two markers by ``regenerate.py`` (the drift test checks
it is current): the task count, then each family module's ``readme_item()``."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

from _common import README

BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
#: the families' order in the list; a family not named here comes after them, in file-name order
ORDER = ("mmmu", "chartqa", "common_voice")


def _position(module: ModuleType) -> int:
    return ORDER.index(module.FOLDER) if module.FOLDER in ORDER else len(ORDER)


def section(modules: list[ModuleType]) -> str:
    families = sorted(modules, key=_position)
    total = sum(len(m.tasks()) for m in families)
    lines = [BEGIN, "", f"{total} tasks (written by `generate/regenerate.py`):", ""]
    return "\n".join(lines + [m.readme_item() for m in families] + ["", END])


def main(modules: list[ModuleType], target: Path | None) -> None:
    """Write the pack's README with a fresh task list to ``target`` (nowhere when None)."""
    if target is not None and README.exists():
        pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
        target.write_text(pattern.sub(lambda _: section(modules), README.read_text(encoding="utf-8")),
                          encoding="utf-8")
