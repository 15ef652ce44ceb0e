"""The committed task YAML and the README's task list are what tools/generate_tasks.py writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACK = Path(__file__).resolve().parent.parent
TASKS = PACK / "src" / "lmeval_tasks_multilingual" / "tasks"


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def test_generator_reproduces_the_tasks_and_the_readme(tmp_path):
    # a subprocess: other packs' tests import generator modules under the same names
    code = ("import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]); import generate_tasks as g; "
            "Path(sys.argv[2], 'README.md').write_text(g.generate(Path(sys.argv[2], 'tasks')), encoding='utf-8')")
    subprocess.run([sys.executable, "-c", code, str(PACK / "tools"), str(tmp_path)], check=True)
    fresh, committed = _files(tmp_path / "tasks"), _files(TASKS)
    assert sorted(fresh) == sorted(committed), "task files differ: run tools/generate_tasks.py"
    stale = [name for name in fresh if fresh[name] != committed[name]]
    assert not stale, f"{len(stale)} stale files, e.g. {stale[:3]}: run tools/generate_tasks.py"
    assert (tmp_path / "README.md").read_text(encoding="utf-8") == (PACK / "README.md").read_text(encoding="utf-8"), \
        "README's task list is stale: run tools/generate_tasks.py"
