"""GraphWalks' ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.graphwalks`)."""

from lmeval_tasks_longcontext.graphwalks import load_dataset, process_results

__all__ = ["load_dataset", "process_results"]
