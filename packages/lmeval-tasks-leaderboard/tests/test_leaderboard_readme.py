"""The README names the leaderboard group tree (its "Every task" list is checked by the drift test,
``test_leaderboard_generated.py``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_names_the_leaderboard_group_tree():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in ("`leaderboard`", "`leaderboard_ifeval`", "`ifeval`", "`leaderboard_instruction_following`"):
        assert name in text
