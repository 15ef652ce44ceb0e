"""RULER's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.ruler`)."""

from lmeval_tasks_longcontext.ruler.builders import (
    fwe_download,
    get_cw_dataset,
    get_hotpotqa,
    get_squad,
    get_vt_dataset,
    niah_multikey_1,
    niah_multikey_2,
    niah_multikey_3,
    niah_multiquery,
    niah_multivalue,
    niah_single_1,
    niah_single_2,
    niah_single_3,
)
from lmeval_tasks_longcontext.ruler.scoring import (
    aggregate_metrics,
    process_results,
    process_results_part,
)

__all__ = ["aggregate_metrics", "fwe_download", "get_cw_dataset", "get_hotpotqa", "get_squad", "get_vt_dataset",
           "niah_multikey_1", "niah_multikey_2", "niah_multikey_3", "niah_multiquery", "niah_multivalue",
           "niah_single_1", "niah_single_2", "niah_single_3", "process_results", "process_results_part"]
