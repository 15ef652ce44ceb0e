"""MathQA (Amini et al., 2019, arXiv:1905.13319) as lm-eval 0.4.13 has it (its ``mathqa`` folder):
multiple choice, ``Question: <Problem>⏎Answer:``, the five choices read from the ``options`` string
(``a ) … , b ) … , … e ) …``) by ``mathqa/utils.py`` (hand-written), not shown in the prompt;
acc and acc_norm, zero-shot. Tagged ``math_word_problems``, as lm-eval tags it.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "mathqa.py"
FOLDER = "mathqa"
PROMPT = "Question: {{Problem}}\nAnswer:"


def config() -> dict:
    return {"task": "mathqa", "tag": ["math_word_problems"], "dataset_path": "regisss/math_qa",
            "output_type": "multiple_choice", "training_split": "train",
            "validation_split": "validation", "test_split": "test",
            "doc_to_text": PROMPT, "doc_to_target": "{{['a', 'b', 'c', 'd', 'e'].index(correct)}}",
            "doc_to_choice": Function("utils.doc_to_choice"),
            "should_decontaminate": True, "doc_to_decontamination_query": PROMPT,
            "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True}
                            for m in ("acc", "acc_norm")],
            "metadata": {"version": 1.0}}


def main(root: Path) -> None:
    out = reset_dir(root / FOLDER)
    write_yaml(out / "mathqa.yaml", config(), SCRIPT,
               "# MathQA (Amini et al., 2019, arXiv:1905.13319): multiple-choice math word problems.\n")
