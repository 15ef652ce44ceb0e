"""Qasper's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.qasper`)."""

from lmeval_tasks_longcontext.qasper import f1_abstractive, process_docs_bool, process_docs_freeform

__all__ = ["f1_abstractive", "process_docs_bool", "process_docs_freeform"]
