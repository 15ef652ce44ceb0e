"""GSM-Plus (Li et al., 2024, arXiv:2402.19255) as lm-eval 0.4.13 has it (its ``gsm_plus`` folder):
gsm8k's prompt, shots, stops and filters on ``qintongli/GSM-Plus``, the target its ``solution``
column; ``gsm_plus`` on the ``test`` split, ``gsm_plus_mini`` on ``testmini`` (random shots come
from the same split). Tagged ``math_word_problems``, as lm-eval tags them.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml
from gsm8k import hand_written

SCRIPT = "gsm_plus.py"
FOLDER = "gsm_plus"
SPLITS = {"gsm_plus": "test", "gsm_plus_mini": "testmini"}


def config(task: str) -> dict:
    split = SPLITS[task]
    cfg = {k: v for k, v in hand_written("gsm8k").items() if k != "dataset_name"}
    cfg.update({"task": task, "dataset_path": "qintongli/GSM-Plus", "training_split": split,
                "fewshot_split": split, "test_split": split, "doc_to_target": "{{solution}}",
                "metadata": {"version": 1.0}})
    return cfg


def main(root: Path) -> None:
    out = reset_dir(root / FOLDER)
    comment = "# GSM-Plus (Li et al., 2024, arXiv:2402.19255): GSM8K questions with perturbations.\n"
    for task in SPLITS:
        write_yaml(out / f"{task}.yaml", config(task), SCRIPT, comment)
