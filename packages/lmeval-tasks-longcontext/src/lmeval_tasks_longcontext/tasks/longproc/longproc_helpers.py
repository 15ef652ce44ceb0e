"""LongProc's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.longproc`)."""

from lmeval_tasks_longcontext.longproc.code import process_results_pseudo_to_code
from lmeval_tasks_longcontext.longproc.procedures import (
    process_docs,
    process_results_countdown,
    process_results_path_traversal,
    process_results_tom_tracking,
    process_results_travel_planning,
)

__all__ = ["process_docs", "process_results_countdown", "process_results_path_traversal",
           "process_results_pseudo_to_code", "process_results_tom_tracking", "process_results_travel_planning"]
