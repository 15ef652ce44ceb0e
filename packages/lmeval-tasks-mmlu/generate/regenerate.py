"""Regenerate every task config of the pack and the README's task list:
``python packages/lmeval-tasks-mmlu/generate/regenerate.py [TASKS_DIR [README]]``.

Every module of this folder with a ``main(root)`` is one family's generator (``_common``,
``readme_tasks`` and this file excepted); they run in file-name order, so adding a family is adding
a file. The README goes to ``README`` when given, else to the pack's own when ``TASKS_DIR`` is the
pack's tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import readme_tasks  # noqa: E402
from _common import TASKS_ROOT  # noqa: E402
from lmeval_testkit.taskgen import family_modules  # noqa: E402


def generators() -> list:
    return family_modules(HERE, skip=("readme_tasks",))


def main(root: Path = TASKS_ROOT, readme: Path | None = None) -> None:
    for module in generators():
        module.main(root)
    readme = readme or (readme_tasks.README if root.resolve() == TASKS_ROOT.resolve() else None)
    if readme is not None:
        text = readme_tasks.README.read_text(encoding="utf-8")
        readme.write_text(readme_tasks.render(text, root), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
