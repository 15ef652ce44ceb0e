"""Write the reading-comprehension task configs DROP and CoQA as lm-eval 0.4.13 has them.

* ``drop`` (Dua et al., 2019; ``EleutherAI/drop``, validation): ``<passage> <question>``, a
  generation stopped at the first ``.``, DROP's official ``em`` and ``f1`` over every gold
  answer (``tasks/drop/utils.py``). Few-shot examples from train, no delimiter before the target.
* ``coqa`` (Reddy et al., 2019; ``EleutherAI/coqa``, validation): the story, then every earlier
  question and answer of the conversation, then the last question and ``A:``; stop ``⏎Q:``;
  SQuAD's ``em`` and ``f1`` against the answer and its alternatives, each left out in turn
  (``tasks/coqa/utils.py``).
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_yaml

SCRIPT = "reading.py"
_SCORES = [{"metric": "em", "aggregation": "mean", "higher_is_better": True},
           {"metric": "f1", "aggregation": "mean", "higher_is_better": True}]

DROP = {
    "task": "drop", "dataset_path": "EleutherAI/drop", "output_type": "generate_until",
    "training_split": "train", "validation_split": "validation",
    "process_docs": Function("utils.process_docs"), "doc_to_text": "{{passage}} {{question}}",
    "doc_to_target": "{{ answer|join(',')}}", "target_delimiter": "",
    "process_results": Function("utils.process_results"), "should_decontaminate": True,
    "doc_to_decontamination_query": "{{passage}} {{question}}",
    "generation_kwargs": {"until": ["."]}, "metric_list": _SCORES, "metadata": {"version": 3.0},
}
COQA = {
    "task": "coqa", "dataset_path": "EleutherAI/coqa", "output_type": "generate_until",
    "training_split": "train", "validation_split": "validation",
    "doc_to_text": Function("utils.doc_to_text"), "doc_to_target": Function("utils.doc_to_target"),
    "process_results": Function("utils.process_results"), "should_decontaminate": True,
    "doc_to_decontamination_query": "{{story}} {{question.input_text|join('\n')}}",
    "generation_kwargs": {"until": ["\nQ:"]}, "metric_list": _SCORES, "metadata": {"version": 3.0},
}


def task_names() -> list[str]:
    return ["coqa", "drop"]


def main(root: Path = TASKS_ROOT) -> None:
    write_yaml(reset_dir(root / "drop") / "drop.yaml", DROP, SCRIPT)
    write_yaml(reset_dir(root / "coqa") / "coqa.yaml", COQA, SCRIPT)
