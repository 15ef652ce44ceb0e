"""Regenerate every task config of the pack and the README's task list:
``python packages/lmeval-tasks-minimal-pairs/generate/regenerate.py [TASKS_DIR [README]]``.

Every module of this folder with a ``main(root)`` is one family's generator, one lm-eval 0.4.13
folder each (``_common``, ``readme`` and this file excepted); they run in file-name order. The
README goes to ``README`` when given, else to the pack's own when ``TASKS_DIR`` is the pack's tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import readme as readme_module  # noqa: E402
from _common import README, TASKS_ROOT  # noqa: E402
from lmeval_testkit.taskgen import family_modules  # noqa: E402


def generators() -> list:
    return family_modules(HERE, skip=("readme",))


def main(root: Path = TASKS_ROOT, readme: Path | None = None) -> None:
    modules = generators()
    for module in modules:
        module.main(root)
    readme_module.main(modules, readme or (README if root == TASKS_ROOT else None))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
