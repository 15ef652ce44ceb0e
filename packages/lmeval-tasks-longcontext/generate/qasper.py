"""Qasper (Dasigi et al., 2021, arXiv:2105.03011) as lm-eval 0.4.13 has it (folder ``qasper``):
``allenai/qasper``, one document per question and annotator answer
(:mod:`lmeval_tasks_longcontext.qasper`), the title and abstract as context; tag ``qasper``.

``qasper_bool``: multiple choice ``no``/``yes`` with the gold always ``yes`` (lm-eval's
``doc_to_target: 1``), ``f1``; ``qasper_freeform``: greedy until a newline, SQuAD token F1.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "qasper.py"
PROMPT = "TITLE: {{title}}\nABSTRACT: {{abstract}}\n\nQ: {{question}}\n\nA:"


def common(task: str, output_type: str, process: str) -> dict:
    return {"tag": "qasper", "task": task, "dataset_path": "allenai/qasper", "output_type": output_type,
            "training_split": "train", "validation_split": "validation",
            "process_docs": Function(f"qasper_helpers.{process}"), "doc_to_text": PROMPT}


def main(root: Path) -> None:
    out = reset_dir(root / "qasper")
    comment = "# Qasper (Dasigi et al., 2021, arXiv:2105.03011): questions on NLP papers' title and abstract.\n"
    bool_task = common("qasper_bool", "multiple_choice", "process_docs_bool") | {
        "doc_to_target": 1, "doc_to_choice": ["no", "yes"], "metric_list": [{"metric": "f1"}],
        "metadata": {"version": 1.0}}
    freeform = common("qasper_freeform", "generate_until", "process_docs_freeform") | {
        "doc_to_target": "answer", "generation_kwargs": {"until": ["\n"]},
        "metric_list": [{"metric": Function("qasper_helpers.f1_abstractive"), "aggregation": "mean",
                         "higher_is_better": True}],
        "metadata": {"version": 2.0}}
    write_yaml(out / "bool.yaml", bool_task, SCRIPT, comment)
    write_yaml(out / "freeform.yaml", freeform, SCRIPT, comment)
