"""TruthfulQA-va generation scoring (needs the [rouge] extra)."""

from lmeval_tasks_multilingual.truthfulqa_va import process_docs_gen, process_results_gen

__all__ = ["process_docs_gen", "process_results_gen"]
