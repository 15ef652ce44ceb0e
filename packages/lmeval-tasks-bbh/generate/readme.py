"""The README's list of the pack's non-BBH tasks, written between two markers by ``regenerate.py``
(a test checks it is current)."""

from __future__ import annotations

import re
from pathlib import Path

import agieval
import aime
import arithmetic
import bigbench
import reading

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"


def families() -> dict[str, tuple[list[str], str]]:
    """family -> (its task names, its groups and tags)."""
    return {
        "agieval": (agieval.task_names(), "groups " + ", ".join(f"`{g}`" for g in agieval.group_names())),
        "aime": (aime.task_names(), "no group; long generations: up to 32,768 new tokens"),
        "arithmetic": (arithmetic.task_names(), "tag `arithmetic`"),
        "reading comprehension": (reading.task_names(), "no group"),
        "bigbench": (bigbench.task_names(), "tags `bigbench_generate_until`, `bigbench_multiple_choice_a`, "
                     "`bigbench_multiple_choice_b`; no group"),
    }


def section() -> str:
    fams = families()
    total = sum(len(names) for names, _ in fams.values())
    lines = [BEGIN, "", f"{total} tasks besides BBH's 108 (written by `generate/regenerate.py`):", ""]
    for family, (names, note) in fams.items():
        lines.append(f"* **{family}** ({len(names)} tasks; {note}): " + ", ".join(f"`{n}`" for n in sorted(names)))
    return "\n".join([*lines, "", END])


def render(text: str) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    return pattern.sub(lambda _: section(), text)


def main(target: Path | None) -> None:
    """Write the README with a fresh task list to ``target`` (nowhere when None)."""
    if target is not None and README.exists():
        target.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
