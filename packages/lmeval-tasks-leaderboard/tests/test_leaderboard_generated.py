"""The committed configs, generated helper modules and the README's task list are exactly what
``generate/regenerate.py`` writes."""

from __future__ import annotations

from pathlib import Path

from lmeval_tasks_leaderboard import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]


def test_generators_reproduce_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(PACK, TASKS_DIR, tmp_path, readme=True)
