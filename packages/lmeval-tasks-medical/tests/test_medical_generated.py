"""The committed YAML files are exactly what the generators in ``generate/`` write."""

from __future__ import annotations

from pathlib import Path

from lmeval_tasks_medical import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]


def test_generators_reproduce_the_committed_configs(tmp_path):
    assert_regenerates(PACK, TASKS_DIR, tmp_path)
