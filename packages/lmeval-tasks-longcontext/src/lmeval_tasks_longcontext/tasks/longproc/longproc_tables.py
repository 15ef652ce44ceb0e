"""longproc_html_to_tsv_*'s score, refused at load without pandas (the pack's ``longproc`` extra)."""

from lmeval_tasks_longcontext.longproc.tables import pandas, process_results_html_to_tsv

pandas()

__all__ = ["process_results_html_to_tsv"]
