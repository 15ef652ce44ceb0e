"""CatalanBench generation tasks: caBreu clean-up; ROUGE-1 (needs the [rouge] extra)."""

from lmeval_tasks_multilingual.summary_rouge import process_doc_cabreu, rouge1, rouge1_agg

__all__ = ["process_doc_cabreu", "rouge1", "rouge1_agg"]
