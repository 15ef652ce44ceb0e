"""An lm-eval task name whose pack is not installed names the pack to install.

``lmeval/tasks/pack_names.json`` is generated from the installed packs
(``packages/lmeval-core/generate/pack_names.py``); the drift test fails when a pack's names
changed without regenerating it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from lmeval.tasks import packnames

GENERATOR = Path(__file__).parents[1] / "generate" / "pack_names.py"


def _lmeval(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LMEVAL_DISABLE_AUTOLOAD": "1"}  # the core alone: no pack loads
    return subprocess.run([sys.executable, "-m", "lmeval", *argv], capture_output=True,
                          text=True, timeout=120, env=env)


def test_table_matches_the_installed_packs():
    """Every name of the installed packs resolves to its own pack, and the table names no pack
    that is gone (new names under a pack's known prefixes need no regeneration)."""
    sys.path.insert(0, str(GENERATOR.parent))
    try:
        from pack_names import current_table
    finally:
        sys.path.remove(str(GENERATOR.parent))
    from lmeval.plugins import get_plugin_manager
    from lmeval.tasks.index import TaskIndex, task_sources

    committed = packnames._table()
    current = current_table()
    if set(current["packs"]) != set(committed["packs"]):
        pytest.skip(f"installed packs {sorted(current['packs'])} differ from the table's "
                    f"{committed['packs']}: the drift check needs them all installed")
    index = TaskIndex(task_sources(get_plugin_manager(), None))
    wrong = []
    for name in index.names():
        owners = packnames._packs_of(index, name, ())
        if len(owners) == 1 and packnames.pack_for(name) != next(iter(owners)):
            wrong.append(f"{name}: {next(iter(owners))}, table says {packnames.pack_for(name)}")
    assert not wrong, (f"pack_names.json is stale ({len(wrong)} names, e.g. {wrong[:3]}): "
                       f"run python {GENERATOR}")


@pytest.mark.parametrize(("name", "pack"), [
    ("hellaswag", "lmeval-tasks-classic"), ("arc_easy", "lmeval-tasks-classic"),
    ("mmlu", "lmeval-tasks-mmlu"), ("bbh_cot_fewshot", "lmeval-tasks-bbh"),
    ("leaderboard_bbh", "lmeval-tasks-leaderboard"), ("longbench_qasper", "lmeval-tasks-longcontext"),
    ("no_such_task_anywhere", None)])
def test_pack_for_names(name, pack):
    assert packnames.pack_for(name) == pack


def test_missing_pack_is_one_line_naming_the_install():
    done = _lmeval("run", "--model", "dummy", "--tasks", "hellaswag")
    assert done.returncode == 2
    assert done.stderr.strip() == ("lmeval: error: hellaswag is in lmeval-tasks-classic: "
                                   "pip install lmeval-tasks-classic")
    done = _lmeval("run", "--model", "dummy", "--tasks", "hella*")
    assert done.returncode == 2 and "pip install lmeval-tasks-classic" in done.stderr


def test_a_pattern_over_several_packs_names_each_missing_one():
    """``hella*`` matches the classic pack's hellaswag and the MMLU pack's Okapi hellaswag_<lang>."""
    assert packnames.packs_for("hella*") == ["lmeval-tasks-classic", "lmeval-tasks-mmlu"]
    assert packnames.pack_for("hella*") is None
    assert packnames.missing_pack_hint("hella*") == (
        "hella* matches tasks of lmeval-tasks-classic and lmeval-tasks-mmlu: "
        "pip install lmeval-tasks-classic lmeval-tasks-mmlu")
    assert packnames.missing_pack_hint("hella*", {"lmeval-tasks-classic"}) == (
        "hella* matches tasks of lmeval-tasks-mmlu: pip install lmeval-tasks-mmlu")


def test_a_loaded_pack_still_suggests_close_names():
    assert packnames.missing_pack_hint("hellaswagg", {"lmeval-tasks-classic"}) is None
    assert packnames.missing_pack_hint("hellaswag", {"lmeval-tasks-classic"}) is None


def test_ls_tasks_without_packs_says_how_to_get_some():
    done = _lmeval("ls", "tasks")
    assert done.returncode == 0
    assert "no task pack is installed" in done.stderr
    assert "pip install lmeval-tasks-classic" in done.stderr
