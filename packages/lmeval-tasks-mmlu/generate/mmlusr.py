"""Write the MMLU-SR task configs (Wang et al., 2024, arXiv:2406.11793), lm-eval 0.4.13's ``mmlusr``
folder: MMLU with key terms replaced by invented symbols and their definitions, in the question
(``question_only``), the options (``answer_only``) or both (``question_and_answer``).

Each of the three variants: the 57 subjects of :mod:`mmlu` as ``mmlusr_<variant>_<subject>``
(tags ``mmlusr_<variant>_<domain>_tasks``), each reading two header-less CSV files of
``NiniCat/MMLU-SR`` (``<variant>_dev/<variant>_<subject>_dev.csv`` as ``train``, the few-shot split,
first n; ``<variant>_test/..._test.csv`` as ``test``) with the columns named in ``dataset_kwargs``;
MMLU's prompt (``Answer:``, letters A-D), gold = the letter in ``answer``. Groups
``mmlusr_answer_only``, ``mmlusr_question_only`` and ``mmlusr`` (question and answer), each over
four inline domain groups, ``acc`` weighted by size.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, reset_dir, write, write_yaml
from mmlu import SUBJECTS

SCRIPT = "mmlusr.py"
# variant -> (group name, abbreviation of its inline groups, alias suffix)
VARIANTS = {
    "answer_only": ("mmlusr_answer_only", "ao", "Answer Only"),
    "question_only": ("mmlusr_question_only", "qo", "Question Only"),
    "question_and_answer": ("mmlusr", "qa", "Question & Answer"),
}
DOMAINS = {"stem": "STEM", "other": "Other", "social_sciences": "Social Sciences", "humanities": "Humanities"}
COLUMNS = ["question", "choice1", "choice2", "choice3", "choice4", "answer"]

TEMPLATE = """\
dataset_path: NiniCat/MMLU-SR
test_split: test
fewshot_split: train
fewshot_config:
  sampler: first_n
output_type: multiple_choice
process_docs: !function utils.process_docs
doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\nAnswer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
"""

UTILS = '''\
"""MMLU-SR: a CSV row's four choices (an empty cell read as None becomes "") and its answer letter
stripped (lm-eval's ``process_docs``)."""

from __future__ import annotations

from typing import Any


def _row(doc: dict[str, Any]) -> dict[str, Any]:
    return {"choices": [doc[f"choice{i}"] or "" for i in range(1, 5)], "answer": (doc["answer"] or "").strip()}


def process_docs(dataset: Any) -> Any:
    return dataset.map(_row)
'''


def main(root: Path = TASKS_ROOT) -> None:
    for variant, (group_name, short, alias) in VARIANTS.items():
        out = reset_dir(root / "mmlusr" / variant)
        template = f"_mmlusr_{short}_template_yaml"
        write(out / template, GENERATED.format(script=SCRIPT) + TEMPLATE)
        write(out / "utils.py", GENERATED.format(script=SCRIPT) + UTILS)
        for subject, domain in SUBJECTS.items():
            write_yaml(out / f"{variant}_{subject}.yaml", {
                "dataset_kwargs": {
                    "data_files": {"train": f"{variant}_dev/{variant}_{subject}_dev.csv",
                                   "test": f"{variant}_test/{variant}_{subject}_test.csv"},
                    "column_names": COLUMNS,
                    "header": None,
                },
                "description": "The following are multiple choice questions (with answers) about "
                               f"{subject.replace('_', ' ')}.\n\n",
                "tag": f"mmlusr_{variant}_{domain}_tasks",
                "include": template,
                "task": f"mmlusr_{variant}_{subject}",
                "task_alias": subject.replace("_", " "),
            }, SCRIPT)
        metric = [{"metric": "acc", "weight_by_size": True}]
        write_yaml(out / f"_{group_name}.yaml", {
            "group": group_name,
            "group_alias": f"MMLU-SR ({alias})",
            "task": [{"group": f"mmlusr_{short}_{domain}", "group_alias": f"{domain_alias} ({alias})",
                      "task": [f"mmlusr_{variant}_{domain}_tasks"], "aggregate_metric_list": metric,
                      "metadata": {"version": 2}} for domain, domain_alias in DOMAINS.items()],
            "aggregate_metric_list": metric,
            "metadata": {"version": 2},
        }, SCRIPT)


if __name__ == "__main__":
    main()
