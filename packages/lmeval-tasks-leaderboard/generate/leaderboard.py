"""The Open LLM Leaderboard v2 group ``leaderboard`` (lm-eval 0.4.13's ``leaderboard/leaderboard.yaml``).

Its six members are the families' own groups and tasks (``leaderboard_bbh``, ``leaderboard_gpqa``,
``leaderboard_math_hard`` and ``leaderboard_musr`` from their generators, ``leaderboard_mmlu_pro``
and ``leaderboard_ifeval`` tasks); every metric any member reports is averaged over all the
documents that report it (``weight_by_size``).
"""

from __future__ import annotations

from pathlib import Path

from _common import write_yaml

SCRIPT = Path(__file__).name
MEMBERS = ("leaderboard_mmlu_pro", "leaderboard_bbh", "leaderboard_gpqa", "leaderboard_math_hard",
           "leaderboard_ifeval", "leaderboard_musr")
METRICS = ("acc", "acc_norm", "exact_match", "inst_level_loose_acc", "inst_level_strict_acc",
           "prompt_level_loose_acc", "prompt_level_strict_acc")


def main(root: Path) -> None:
    write_yaml(root / "leaderboard" / "leaderboard.yaml", {
        "group": "leaderboard",
        "task": list(MEMBERS),
        "aggregate_metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True} for m in METRICS],
        "metadata": {"version": 1.0},
    }, SCRIPT)
