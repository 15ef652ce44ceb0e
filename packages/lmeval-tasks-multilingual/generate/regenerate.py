"""Regenerate every task config of the pack and its README:
``python packages/lmeval-tasks-multilingual/generate/regenerate.py [TASKS_DIR [README]]``.

The whole task tree is generated: it is emptied first. Every module of this folder with a
``main(root)`` is one family's generator (``_common``, ``readme`` and this file excepted); they run in
file-name order. The README is written to ``README`` when given, else to the pack's README when
``TASKS_DIR`` is the pack's own tree.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import README, TASKS_ROOT  # noqa: E402
from lmeval_testkit.taskgen import family_modules  # noqa: E402


def generators() -> list:
    return family_modules(HERE, skip=("readme",))


def main(root: Path = TASKS_ROOT, readme: Path | None = None) -> None:
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for module in generators():
        module.main(root)
    import readme as readme_module

    if readme is None and root.resolve() == TASKS_ROOT.resolve():
        readme = README
    if readme is not None:
        readme.write_text(readme_module.render(root), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT, Path(sys.argv[2]) if len(sys.argv) > 2 else None)
