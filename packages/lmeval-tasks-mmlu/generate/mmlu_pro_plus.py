"""Write the MMLU-Pro+ task configs (Taghanaki et al., 2024, arXiv:2409.02257), lm-eval 0.4.13's
``mmlu-pro-plus`` folder: 14 categories of ``saeidasgari/mmlu-pro-plus`` (one ``process_docs``
filter on ``category`` each) and the group ``mmlu_pro_plus`` (exact_match of ``custom-extract``,
weighted by size).

MMLU-Pro's chain-of-thought format: ``Question:``, the options lettered A..L, ``Answer: Let's
think step by step.``; 5-shot from ``validation`` (first rows of the category), each shot followed
by its ``cot_content`` without the leading ``A: Let's think step by step.``; generated until
``</s>``/``Q:``/``<|im_end|>``; the letter after ``answer is`` is compared with ``answer``.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, Function, reset_dir, write, write_yaml

SCRIPT = "mmlu_pro_plus.py"
# task suffix -> the dataset's category value
CATEGORIES = {name: name.replace("_", " ") for name in (
    "biology", "business", "chemistry", "computer_science", "economics", "engineering", "health", "history",
    "law", "math", "other", "philosophy", "physics", "psychology")}

TEMPLATE = """\
dataset_path: saeidasgari/mmlu-pro-plus
test_split: test
fewshot_split: validation
fewshot_config:
  sampler: first_n
  doc_to_text: !function utils.fewshot_to_text
  doc_to_target: !function utils.fewshot_to_target
output_type: generate_until
doc_to_text: !function utils.doc_to_text
doc_to_target: answer
filter_list:
  - name: custom-extract
    filter:
      - function: regex
        regex_pattern: 'answer is \\(?([ABCDEFGHIJKL])\\)?'
      - function: take_first
generation_kwargs:
  until:
    - "</s>"
    - "Q:"
    - "<|im_end|>"
  do_sample: false
  temperature: 0.0
num_fewshot: 5
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
metadata:
  version: 1.1
"""

UTILS = '''\
"""MMLU-Pro+: the chain-of-thought prompt of a document and a few-shot example, and one
``process_docs`` per category."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

LETTERS = "ABCDEFGHIJKLMNOP"
STEP = "Let's think step by step."


def doc_to_text(doc: dict[str, Any]) -> str:
    lines = ["Question:", doc["question"], "Options:"]
    lines += [f"{{LETTERS[i]}}. {{option.strip()}}" for i, option in enumerate(doc["options"])]
    return "\\n".join(lines) + f"\\nAnswer: {{STEP}}"


fewshot_to_text = doc_to_text


def fewshot_to_target(doc: dict[str, Any]) -> str:
    return doc["cot_content"].replace(f"A: {{STEP}} ", "")


def _keep(category: str) -> Callable[[Any], Any]:
    def process(dataset: Any) -> Any:
        return dataset.filter(lambda doc: doc["category"] == category)

    return process


{functions}
'''


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "mmlu_pro_plus")
    write(out / "_default_template_yaml", GENERATED.format(script=SCRIPT) + TEMPLATE)
    functions = "\n".join(f'process_{name} = _keep("{value}")' for name, value in CATEGORIES.items())
    write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS.format(functions=functions))
    for name, value in CATEGORIES.items():
        write_yaml(out / f"mmlu_pro_plus_{name}.yaml", {
            "description": f"The following are multiple choice questions (with answers) about {value}. Think step "
                           "by step and then finish your answer with \"the answer is (X)\" where X is the correct "
                           "letter choice.\n",
            "include": "_default_template_yaml",
            "task": f"mmlu_pro_plus_{name}",
            "task_alias": name,
            "process_docs": Function(f"utils.process_{name}"),
        }, SCRIPT)
    write_yaml(out / "_mmlu_pro_plus.yaml", {
        "group": "mmlu_pro_plus",
        "task": [f"mmlu_pro_plus_{name}" for name in CATEGORIES],
        "aggregate_metric_list": [{"aggregation": "mean", "metric": "exact_match", "weight_by_size": True,
                                   "filter_list": "custom-extract"}],
        "metadata": {"version": 1.0},
    }, SCRIPT)


if __name__ == "__main__":
    main()
