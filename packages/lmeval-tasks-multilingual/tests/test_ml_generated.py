"""The committed task tree and README are what ``generate/regenerate.py`` writes, byte for byte."""

from __future__ import annotations

from pathlib import Path

from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]
TASKS = PACK / "src" / "lmeval_tasks_multilingual" / "tasks"


def test_generated_tree_and_readme_regenerate(tmp_path):
    # the whole tree is generated: every file counts, not only those with a header
    assert_regenerates(PACK, TASKS, tmp_path, readme=True, keep=lambda path: True)
