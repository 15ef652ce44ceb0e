"""LongBench's ``!function`` helpers for the YAML beside this file (:mod:`lmeval_tasks_longcontext.longbench.scoring`)."""

from lmeval_tasks_longcontext.longbench.scoring import (
    get_classification_with_score,
    get_code_sim_with_score,
    get_count_with_score,
    get_qa_f1_with_score,
    get_qa_f1_zh_with_score,
    get_retrieval_with_score,
    get_retrieval_zh_with_score,
    get_rouge_with_score,
    get_rouge_zh_with_score,
)

__all__ = ["get_classification_with_score", "get_code_sim_with_score", "get_count_with_score",
           "get_qa_f1_with_score", "get_qa_f1_zh_with_score", "get_retrieval_with_score",
           "get_retrieval_zh_with_score", "get_rouge_with_score", "get_rouge_zh_with_score"]
