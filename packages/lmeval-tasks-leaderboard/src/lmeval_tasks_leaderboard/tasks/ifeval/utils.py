"""The ``!function`` helpers of this folder's IFEval task (:mod:`lmeval_tasks_leaderboard.ifeval.scoring`)."""

from lmeval_tasks_leaderboard.ifeval.scoring import agg_inst_level_acc, process_results

__all__ = ["agg_inst_level_acc", "process_results"]
