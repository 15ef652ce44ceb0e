"""The README's "Every task" section: the pack's task, group and tag names by family folder,
written between two markers by ``regenerate.py`` (the drift test checks it is current)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
KINDS = ("group", "tag", "task")
#: Task folder -> family title, in the README's order.
FAMILIES = {
    "humaneval": "HumanEval", "mbpp": "MBPP", "cruxeval": "CRUXEval",
    "humaneval_infilling": "HumanEval infilling", "code_x_glue": "CodeXGLUE code-to-text",
    "jsonschema_bench": "JSONSchemaBench",
}


def names(root: Path) -> dict[str, dict[str, list[str]]]:
    """folder -> kind -> the sorted names the configs of ``root/folder`` define (a tag goes with
    the folder of its first task)."""
    from lmeval.tasks.index import TaskIndex

    root = root.resolve()
    entries = TaskIndex([(root, "lmeval-tasks-code")]).entries

    def folder(name: str) -> str:
        entry = entries[name]
        path = entry.path if entry.path else entries[sorted(entry.tags)[0]].path
        return Path(path).relative_to(root).parts[0]

    found: dict[str, dict[str, list[str]]] = {}
    for name in sorted(entries):
        found.setdefault(folder(name), {}).setdefault(entries[name].kind, []).append(name)
    return found


def plural(kind: str, count: int) -> str:
    return kind if count == 1 else f"{kind}s"


def section(root: Path) -> str:
    found = names(root)
    totals = {kind: sum(len(kinds.get(kind, [])) for kinds in found.values()) for kind in KINDS}
    counts = ", ".join(f"{totals[kind]} {plural(kind, totals[kind])}" for kind in ("task", "group", "tag"))
    lines = [BEGIN, "", f"{counts} (written by `generate/regenerate.py`):", ""]
    for folder in sorted(found, key=lambda f: (list(FAMILIES).index(f) if f in FAMILIES else len(FAMILIES), f)):
        parts = [plural(kind, len(found[folder][kind])) + " " + ", ".join(f"`{n}`" for n in found[folder][kind])
                 for kind in KINDS if kind in found[folder]]
        lines.append(f"* **{FAMILIES.get(folder, folder)}** (`tasks/{folder}/`): " + "; ".join(parts))
    return "\n".join([*lines, "", END])


def render(text: str, root: Path) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section(root), text)
    return text.rstrip("\n") + "\n\n## Every task\n\n" + section(root) + "\n"


def main(root: Path, target: Path | None) -> None:
    """Write the README with a fresh task list for the configs under ``root`` to ``target``
    (nowhere when None)."""
    if target is not None:
        target.write_text(render(README.read_text(encoding="utf-8"), root), encoding="utf-8")
