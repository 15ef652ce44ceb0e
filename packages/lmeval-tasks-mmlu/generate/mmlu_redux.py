"""Write the MMLU-Redux task configs (Gema et al., 2025, arXiv:2406.04127): lm-eval 0.4.13's
``mmlu-redux/generative`` folder, the 57 subjects of :mod:`mmlu` with their domains.

Prompt: the MMLU question and options ``A.``..``D.``, then "Please respond with the correct
letter (A, B, C or D) without any additional comments, only the correct letter:"; the first
capital A-D of the answer is compared with the gold letter (exact match). Zero-shot, `test` only.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, reset_dir, write_template, write_yaml
from mmlu import SUBJECTS
from mmlu_variants import group_config

SCRIPT = "mmlu_redux.py"

TEMPLATE = """\
# MMLU-Redux 2.0, the questions whose MMLU answer was verified correct ("ok"), generative.
dataset_path: "fxmarty/mmlu-redux-2.0-ok"
test_split: test
dataset_kwargs:
  trust_remote_code: true
output_type: generate_until
doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\nPlease respond with the correct letter (A, B, C or D) without any additional comments, only the correct letter:"
doc_to_target: "{{['A','B','C','D'][answer]}}"
target_delimiter: ":"
generation_kwargs:
  until:
    - "</s>"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
# named "default", as lm-eval names it, so the scores print without a filter suffix
filter_list:
  - name: default
    filter:
      - function: regex
        regex_pattern: "([ABCD])"
      - function: take_first
metadata:
  version: 4.0
"""

GROUP = dict(tag="mmlu_redux_{d}_generative", alias="mmlu_redux (generative)", metric="exact_match",
             filter="default", version=4)


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "mmlu_redux")
    write_template(out / "_mmlu_redux_template_yaml", TEMPLATE, SCRIPT)
    for subject, domain in SUBJECTS.items():
        name = f"mmlu_redux_{subject}_generative"
        write_yaml(out / f"{name}.yaml", {
            "include": "_mmlu_redux_template_yaml",
            "task": name,
            "task_alias": subject,
            "tag": f"mmlu_redux_{domain}_generative",
            "dataset_name": subject,
            "description": "The following are multiple choice questions (with answers) about "
                           f"{subject.replace('_', ' ')}.\n\n",
        }, SCRIPT)
    write_yaml(out / "_mmlu_redux_generative.yaml", group_config("mmlu_redux_generative", GROUP), SCRIPT)


if __name__ == "__main__":
    main()
