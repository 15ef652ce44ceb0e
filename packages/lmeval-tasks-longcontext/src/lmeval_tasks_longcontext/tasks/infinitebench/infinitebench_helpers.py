"""InfiniteBench's ``!function`` helpers for the YAML beside this file
(:mod:`lmeval_tasks_longcontext.infinitebench`)."""

from lmeval_tasks_longcontext.infinitebench.prompts import (
    doc_to_text_code_debug,
    doc_to_text_code_run,
    doc_to_text_longbook_choice,
    doc_to_text_longdialogue,
    doc_to_text_math_find,
)
from lmeval_tasks_longcontext.infinitebench.scoring import (
    choice,
    code_debug,
    code_run,
    int_match,
    kv,
    math,
    qa_chn,
    qa_en,
    substring,
)

__all__ = ["choice", "code_debug", "code_run", "doc_to_text_code_debug", "doc_to_text_code_run",
           "doc_to_text_longbook_choice", "doc_to_text_longdialogue", "doc_to_text_math_find", "int_match", "kv",
           "math", "qa_chn", "qa_en", "substring"]
