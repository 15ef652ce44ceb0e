"""Scores (``lmeval_tasks_medical.mimic_metrics``) for the YAML beside this file: importing it needs
the pack's ``mimic`` extra."""

from lmeval_tasks_medical.mimic_metrics import process_results

__all__ = ["process_results"]
