"""The committed YAML files are exactly what the generators in ``generate/`` write."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lmeval_tasks_mmlu import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

GENERATE = Path(__file__).resolve().parents[1] / "generate"


def test_generators_reproduce_the_committed_configs(tmp_path):
    assert_regenerates(GENERATE.parent, TASKS_DIR, tmp_path)


def test_readme_lists_every_task_and_group():
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import readme_tasks as r; "
            "print(r.render(r.README.read_text(encoding='utf-8')) == "
            "r.README.read_text(encoding='utf-8'))")
    out = subprocess.run([sys.executable, "-c", code, str(GENERATE)], capture_output=True,
                         text=True, check=True).stdout.strip()
    assert out == "True", "README's task list is stale: run generate/readme_tasks.py"
    readme = (GENERATE.parent / "README.md").read_text(encoding="utf-8")
    for name in ("mmlu_astronomy", "kmmlu_direct_korean_history", "gmmlu", "ceval-valid_law"):
        assert f"`{name}`" in readme
