"""GLUE (Wang et al., 2018, arXiv:1804.07461) as lm-eval 0.4.13 registers it (its ``glue``
folder): nine multiple-choice tasks on ``nyu-mll/glue`` under the tag ``glue`` — cola (MCC),
mnli and mnli_mismatch, mrpc and qqp (acc and F1), qnli, rte, sst2, wnli. MNLI's prompt ends
the hypothesis with a full stop (``glue/mnli_prompt.py``, hand-written).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "glue.py"
YES_NO = ["no", "yes"]
#: file name → (task, dataset_name, validation split, prompt, choices, metrics, version)
TASKS: dict[str, tuple[str, str, str, object, list[str], list[str], float]] = {
    "cola": ("cola", "cola", "validation", "{{sentence}}\nQuestion: Does this sentence make sense?\nAnswer:",
             YES_NO, ["mcc"], 1.0),
    "mnli": ("mnli", "mnli", "validation_matched", Function("mnli_prompt.doc_to_text"),
             ["True", "Neither", "False"], ["acc"], 1.0),
    "mnli_mismatch": ("mnli_mismatch", "mnli", "validation_mismatched", Function("mnli_prompt.doc_to_text"),
                      ["True", "Neither", "False"], ["acc"], 1.0),
    "mrpc": ("mrpc", "mrpc", "validation", "Sentence 1: {{sentence1}}\nSentence 2: {{sentence2}}\nQuestion: "
             "Do both sentences mean the same thing?\nAnswer:", YES_NO, ["acc", "f1"], 1.0),
    "qnli": ("qnli", "qnli", "validation", "{{question}}\n{{sentence}}\nQuestion: Does this response answer "
             "the question?\nAnswer:", ["yes", "no"], ["acc"], 1.0),
    "qqp": ("qqp", "qqp", "validation", "Question 1: {{question1}}\nQuestion 2: {{question2}}\nQuestion: "
            "Do both questions ask the same thing?\nAnswer:", YES_NO, ["acc", "f1"], 2.0),
    "rte": ("rte", "rte", "validation", "{{sentence1}}\nQuestion: {{sentence2}} True or False?\nAnswer:",
            ["True", "False"], ["acc"], 1.0),
    "sst2": ("sst2", "sst2", "validation", "{{sentence}}\nQuestion: Is this sentence positive or negative?"
             "\nAnswer:", ["negative", "positive"], ["acc"], 1.0),
    "wnli": ("wnli", "wnli", "validation", "{{sentence1}}\nQuestion: {{sentence2}} True or False?\nAnswer:",
             ["False", "True"], ["acc"], 2.0),
}


def config(task: str, dataset_name: str, validation: str, prompt: object, choices: list[str],
           metrics: list[str], version: float) -> dict:
    cfg: dict = {"tag": "glue", "task": task, "dataset_path": "nyu-mll/glue", "dataset_name": dataset_name,
                 "output_type": "multiple_choice", "training_split": "train", "validation_split": validation,
                 "doc_to_text": prompt, "doc_to_target": "label", "doc_to_choice": choices}
    if task == "cola":
        cfg.update(should_decontaminate=True, doc_to_decontamination_query="sentence")
    cfg["metric_list"] = [{"metric": m} for m in metrics]
    cfg["metadata"] = {"version": version}
    return cfg


def main(root: Path) -> None:
    out = reset_dir(root / "glue")
    for name, row in TASKS.items():
        write_yaml(out / f"{name}.yaml", config(*row), SCRIPT)
