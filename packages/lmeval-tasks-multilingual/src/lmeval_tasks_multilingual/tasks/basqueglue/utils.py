"""BasqueGLUE: WiC clean-up, the coreference prompt, micro and stance F1."""

from lmeval_tasks_multilingual.basqueglue import (
    coref_doc_to_text,
    micro_f1_score,
    process_wic_docs,
    vaxx_f1_score,
)

__all__ = ["coref_doc_to_text", "micro_f1_score", "process_wic_docs", "vaxx_f1_score"]
