"""Write the arithmetic task configs (Brown et al., 2020, arXiv:2005.14165, §3.9.1) as lm-eval
0.4.13 has them: each a JSON-lines file of ``EleutherAI/arithmetic`` read as the validation split,
the context cleaned as the dataset's old loading script did (stripped, blank lines collapsed,
``Q:``/``A:`` spelled ``Question:``/``Answer:``), the completion scored right after it (no
delimiter), ``acc`` when it is the greedy continuation. Tag ``arithmetic``.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "arithmetic.py"
REPO = "hf://datasets/EleutherAI/arithmetic/data"

#: task suffix -> the data file's stem
FILES = {
    "1dc": "single_digit_three_ops", "2da": "two_digit_addition", "2dm": "two_digit_multiplication",
    "2ds": "two_digit_subtraction", "3da": "three_digit_addition", "3ds": "three_digit_subtraction",
    "4da": "four_digit_addition", "4ds": "four_digit_subtraction", "5da": "five_digit_addition",
    "5ds": "five_digit_subtraction",
}

UTILS = '''"""Arithmetic documents as the dataset's old loading script yielded them (lm-eval 0.4.13 keeps
those four steps now that the files are read as plain JSON lines)."""


def _clean(doc):
    context = doc["context"].strip().replace("\\n\\n", "\\n").replace("Q:", "Question:").replace("A:", "Answer:")
    return {"context": context, "completion": doc["completion"]}


def process_docs(dataset):
    return dataset.map(_clean)
'''


def config(suffix: str) -> dict:
    return {
        "tag": ["arithmetic"], "task": f"arithmetic_{suffix}", "dataset_path": "json",
        "dataset_kwargs": {"data_files": {"validation": f"{REPO}/{FILES[suffix]}.jsonl"}},
        "output_type": "loglikelihood", "validation_split": "validation", "test_split": None,
        "process_docs": Function("utils.process_docs"), "doc_to_text": "{{context}}",
        "doc_to_target": "{{completion}}", "target_delimiter": "",
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "metadata": {"version": 2.0},
    }


def task_names() -> list[str]:
    return [f"arithmetic_{s}" for s in FILES]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "arithmetic")
    write_python(out / "utils.py", UTILS, SCRIPT)
    for suffix in FILES:
        write_yaml(out / f"arithmetic_{suffix}.yaml", config(suffix), SCRIPT)
