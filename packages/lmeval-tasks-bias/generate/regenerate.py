"""Regenerate every task config of the pack and the README's task list:

    python packages/lmeval-tasks-bias/generate/regenerate.py [TASKS_DIR [README]]

Every module of this folder with a ``main(root)`` is one family's generator (``_common`` and this
file excepted); they run in file-name order, so adding a family is adding a file. Each also has
``families()``: its task names and what the README says of their tag or group. The README's list
goes to ``README`` when given, to the pack's own README when ``TASKS_DIR`` is the pack's tree.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import README, TASKS_ROOT  # noqa: E402
from lmeval_testkit.taskgen import family_modules  # noqa: E402

#: The README lists these modules' families first, in the order its sections describe them; every
#: other module's follow in file-name order.
README_FIRST = ("crows_pairs", "bbq", "cabbq_esbbq", "discrim_eval")
BEGIN, END = "<!-- every-task:begin -->", "<!-- every-task:end -->"


def generators() -> list:
    return family_modules(HERE)


def families() -> dict[str, tuple[list[str], str]]:
    """Family -> (its task names, what the README says of its tag or group), in the README's order."""
    modules = generators()
    first = [m for name in README_FIRST for m in modules if m.__name__ == name]
    out: dict[str, tuple[list[str], str]] = {}
    for module in [*first, *(m for m in modules if m not in first)]:
        out.update(module.families())
    return out


def readme_section() -> str:
    found = families()
    total = sum(len(names) for names, _ in found.values())
    lines = [BEGIN, "", f"{total} tasks (written by `generate/regenerate.py`):", ""]
    for family, (names, note) in found.items():
        lines += [f"* **{family}** ({len(names)} tasks, {note}): " + ", ".join(f"`{n}`" for n in names)]
    return "\n".join([*lines, "", END])


def render_readme(text: str) -> str:
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.S)
    return pattern.sub(lambda _: readme_section(), text)


def main(root: Path = TASKS_ROOT, readme: Path | None = None) -> None:
    for module in generators():
        module.main(root)
    readme = readme or (README if root.resolve() == TASKS_ROOT else None)
    if readme is not None:
        readme.write_text(render_readme(README.read_text(encoding="utf-8")), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
