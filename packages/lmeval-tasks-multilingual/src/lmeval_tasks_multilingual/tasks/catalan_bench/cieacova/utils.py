"""CIEACOVA: its loader, dynamic one-shot examples and per-level scores."""

from lmeval_tasks_multilingual.cieacova import (
    load_cieacova_dataset,
    process_docs,
    process_gen_docs,
    process_results,
    process_results_text_generation,
)

__all__ = ["load_cieacova_dataset", "process_docs", "process_gen_docs", "process_results",
           "process_results_text_generation"]
