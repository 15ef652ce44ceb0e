"""metabench's document processing (``lmeval_tasks_leaderboard.metabench``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.metabench import (
    arc,
    arc_permuted,
    gsm8k,
    hellaswag,
    mmlu,
    processor,
    truthfulqa,
    winogrande,
    winogrande_doc_to_choice,
    winogrande_doc_to_target,
    winogrande_doc_to_text,
)

process_arc = processor(arc)
process_arc_permute = processor(arc_permuted)
process_gsm8k = processor(gsm8k)
process_hellaswag = processor(hellaswag)
process_hellaswag_permute = processor(hellaswag, permute=True)
process_mmlu = processor(mmlu)
process_mmlu_permute = processor(mmlu, permute=True)
process_truthfulqa = processor(truthfulqa)
process_truthfulqa_permute = processor(truthfulqa, permute=True)
process_winogrande = processor(winogrande)
process_winogrande_permute = processor(winogrande, permute=True)

__all__ = [
    "process_arc", "process_arc_permute", "process_gsm8k", "process_hellaswag", "process_hellaswag_permute",
    "process_mmlu", "process_mmlu_permute", "process_truthfulqa", "process_truthfulqa_permute",
    "process_winogrande", "process_winogrande_permute", "winogrande_doc_to_choice", "winogrande_doc_to_target",
    "winogrande_doc_to_text",
]
