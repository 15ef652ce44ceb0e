"""KorMedMCQA's answer extraction (``lmeval_tasks_medical.kormedmcqa``) for the YAML beside this file."""

from lmeval_tasks_medical.kormedmcqa import ExtractChoiceFilter

__all__ = ["ExtractChoiceFilter"]
