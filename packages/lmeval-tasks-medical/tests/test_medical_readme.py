"""The README's "Every task" section lists exactly the pack's task, group and tag names
(``generate/readme_tasks.py`` writes it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_lists_every_task_group_and_tag():
    # a subprocess: the generator modules of different packs share names (_common, readme_tasks)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import readme_tasks; "
            "sys.stdout.write(readme_tasks.render(readme_tasks.README.read_text(encoding='utf-8')))")
    rendered = subprocess.run([sys.executable, "-c", code, str(ROOT / "generate")], check=True,
                              capture_output=True, text=True, encoding="utf-8").stdout
    current = (ROOT / "README.md").read_text(encoding="utf-8")
    assert rendered == current, "README.md is stale: python packages/lmeval-tasks-medical/generate/readme_tasks.py"

