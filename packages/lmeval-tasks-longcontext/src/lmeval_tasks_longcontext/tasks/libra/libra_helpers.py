"""LIBRA's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.libra.scoring`)."""

from lmeval_tasks_longcontext.libra.scoring import (
    aggregate_results_count_score,
    aggregate_results_em,
    aggregate_results_f1,
    check_libraries,
    filter_dataset_by_page_lengths,
    process_results,
)

check_libraries()

__all__ = ["aggregate_results_count_score", "aggregate_results_em", "aggregate_results_f1",
           "filter_dataset_by_page_lengths", "process_results"]
