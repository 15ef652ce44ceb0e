"""The README's "Every task" section: every task, group and tag name of the pack, by family.

``generate/regenerate.py`` rewrites the section between the markers in the package README from
the task index of the tree it writes; the drift test (``assert_regenerates(..., readme=True)``)
fails when they differ.
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

from _common import TASKS_ROOT

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"
KINDS = ("group", "tag", "task")
FAMILIES = (  # (title, name prefix, an fnmatch pattern); the first matching prefix wins
    ("Llama 3 evaluations (lm-eval's llama3)", "*_llama"), ("metabench", "metabench"),
    ("SCORE robustness (lm-eval's score)", "*_robustness"),
    ("Open LLM Leaderboard v2", "leaderboard"), ("IFEval", "ifeval"), ("GPQA", "gpqa"),
    ("MMLU-Pro", "mmlu_pro"), ("Minerva MATH", "minerva_math"), ("Hendrycks MATH", "hendrycks_math"),
    ("Math word problems (with the classic and bbh packs)", "math_word_problems"),
    ("Other", ""),
)


def names(root: Path = TASKS_ROOT) -> dict[str, list[str]]:
    """``{"group": [...], "tag": [...], "task": [...]}`` of the pack, sorted."""
    from lmeval.tasks.index import TaskIndex

    index = TaskIndex([(root, "lmeval-tasks-leaderboard")])
    return {kind: index.names(kind) for kind in KINDS}


def section(root: Path = TASKS_ROOT) -> str:
    found = names(root)
    counts = ", ".join(f"{len(found[k])} {k}s" for k in ("task", "group", "tag"))
    lines = [BEGIN, "", f"{counts} (written by `generate/readme_tasks.py`).", ""]
    for kind in KINDS:
        by_family: dict[str, list[str]] = {}
        for name in found[kind]:
            title = next(t for t, prefix in FAMILIES if fnmatch.fnmatchcase(name, prefix + "*"))
            by_family.setdefault(title, []).append(name)
        for title, _ in FAMILIES:
            members = by_family.get(title)
            if members:
                lines += [f"<details><summary>{title}: {len(members)} {kind}s</summary>", "",
                          ", ".join(f"`{n}`" for n in members), "", "</details>", ""]
    return "\n".join(lines + [END])


def render(text: str, root: Path = TASKS_ROOT) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section(root), text)
    return text.rstrip("\n") + "\n\n## Every task\n\n" + section(root) + "\n"


if __name__ == "__main__":
    README.write_text(render(README.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {README}")
