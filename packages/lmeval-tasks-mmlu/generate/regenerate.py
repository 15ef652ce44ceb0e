"""Regenerate every task config of the pack: ``python packages/lmeval-tasks-mmlu/generate/regenerate.py [ROOT]``.

Every module of this folder with a ``main(root)`` is one family's generator (``_common``,
``readme_tasks`` and this file excepted); they run in file-name order, so adding a family is adding
a file.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import TASKS_ROOT  # noqa: E402


def generators() -> list:
    found = []
    for path in sorted(HERE.glob("*.py")):
        if path.stem.startswith("_") or path.stem in ("regenerate", "readme_tasks"):
            continue
        module = importlib.import_module(path.stem)
        if callable(getattr(module, "main", None)):
            found.append(module)
    return found


def main(root: Path = TASKS_ROOT) -> None:
    for module in generators():
        module.main(root)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TASKS_ROOT)
