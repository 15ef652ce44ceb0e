"""Scores (``lmeval_tasks_medical.open_metrics``) for the YAML beside this file: importing it needs
the pack's ``open-answers`` extra."""

from lmeval_tasks_medical.open_metrics import process_results_olaph

__all__ = ["process_results_olaph"]
