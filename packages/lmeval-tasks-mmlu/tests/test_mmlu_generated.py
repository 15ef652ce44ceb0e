"""The committed configs, generated helper modules and the README's task list are exactly what
``generate/regenerate.py`` writes."""

from __future__ import annotations

from pathlib import Path

from lmeval_tasks_mmlu import TASKS_DIR
from lmeval_testkit.taskgen import assert_regenerates

GENERATE = Path(__file__).resolve().parents[1] / "generate"


def test_generators_reproduce_the_committed_configs_and_readme(tmp_path):
    assert_regenerates(GENERATE.parent, TASKS_DIR, tmp_path, readme=True)


def test_readme_lists_every_family():
    # the list is current (the drift test above); it spans the pack's families
    readme = (GENERATE.parent / "README.md").read_text(encoding="utf-8")
    for name in ("mmlu_astronomy", "kmmlu_direct_korean_history", "gmmlu", "ceval-valid_law"):
        assert f"`{name}`" in readme
