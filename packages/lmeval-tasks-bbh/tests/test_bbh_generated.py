"""The committed configs and README task list are exactly what ``generate/regenerate.py`` writes."""

from __future__ import annotations

from pathlib import Path

from lmeval_tasks_bbh import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

PACK = Path(__file__).resolve().parents[1]


def test_generators_reproduce_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(PACK, TASKS_DIR, tmp_path, readme=True)


def test_readme_lists_every_other_task():
    text = (PACK / "README.md").read_text(encoding="utf-8")
    for family, count in (("agieval", 21), ("aime", 3), ("arithmetic", 10), ("reading comprehension", 2),
                           ("bigbench", 286)):
        assert f"**{family}** ({count} tasks;" in text
