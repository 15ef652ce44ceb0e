"""CatalanBench helpers: document clean-up and SQuAD-style scoring."""

from lmeval_tasks_multilingual.prompts import (
    process_doc_nli,
    process_docs_copa_ca,
    process_docs_paraphrases,
)
from lmeval_tasks_multilingual.scoring import process_results_coqcat, process_results_qa

__all__ = ["process_doc_nli", "process_docs_copa_ca", "process_docs_paraphrases",
           "process_results_coqcat", "process_results_qa"]
