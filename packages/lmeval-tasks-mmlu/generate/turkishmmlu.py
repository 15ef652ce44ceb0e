"""Write the TurkishMMLU task configs (Yüksel et al., 2024, arXiv:2407.12402), lm-eval 0.4.13's
``turkishmmlu`` folder: nine subjects, each as a 5-option multiple-choice task (tag
``turkishmmlu``, few-shot from ``dev``, first rows) and as a zero-shot chain-of-thought
generation task (tag ``turkishmmlu_cot``) whose description holds the subject's worked examples,
the data of ``data/turkishmmlu_cot.json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import GENERATED, TASKS_ROOT, reset_dir, write, write_yaml

SCRIPT = "turkishmmlu.py"
COT_DESCRIPTIONS = Path(__file__).resolve().parent / "data" / "turkishmmlu_cot.json"
SUBJECTS = ["Biology", "Chemistry", "Geography", "History", "Mathematics", "Philosophy", "Physics",
            "Religion_and_Ethics", "Turkish_Language_and_Literature"]

MC_TEMPLATE = """\
tag: turkishmmlu
dataset_path: AYueksel/TurkishMMLU
dataset_name: TurkishMMLU
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "Soru: {{ question.strip() }}\\nA. {{ choices[0] }}\\nB. {{ choices[1] }}\\nC. {{ choices[2] }}\\nD. {{ choices[3] }}\\nE. {{ choices[4] }}\\nCevap:"
doc_to_choice: ["A", "B", "C", "D", "E"]
doc_to_target: "{{ answer.strip() }}"
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
  - metric: acc_norm
    aggregation: mean
    higher_is_better: true
metadata:
  version: 0.0
"""

COT_TEMPLATE = """\
tag: turkishmmlu_cot
dataset_path: AYueksel/TurkishMMLU
dataset_name: TurkishMMLU
test_split: test
fewshot_split: dev
output_type: generate_until
doc_to_text: "\\n\\nSoru: {{ question.strip() }}\\nA) {{ choices[0] }}\\nB) {{ choices[1] }}\\nC) {{ choices[2] }}\\nD) {{ choices[3] }}\\nE) {{ choices[4] }}\\nÇözüm: Adım adım düşünelim."
doc_to_target: "{{ answer }}"
filter_list:
  - name: get-answer
    filter:
      - function: regex
        regex_pattern: "([A-E])(?= şıkkıdır| şıkkı)"
      - function: take_first
  - name: get-choice
    filter:
      - function: regex
        regex_pattern: "([A-E])"
      - function: take_first
generation_kwargs:
  until:
    - "</s>"
  do_sample: false
  temperature: 0.0
num_fewshot: 0
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
metadata:
  version: 0.0
"""


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "turkishmmlu")
    header = GENERATED.format(script=SCRIPT)
    write(out / "_turkishmmlu_default_yaml", header + MC_TEMPLATE)
    write(out / "_turkishmmlu_cot_default_yaml", header + COT_TEMPLATE)
    descriptions = json.loads(COT_DESCRIPTIONS.read_text(encoding="utf-8"))
    for subject in SUBJECTS:
        key = subject.lower()
        write_yaml(out / f"turkishmmlu_{key}.yaml", {
            "include": "_turkishmmlu_default_yaml", "task": f"turkishmmlu_{key}", "dataset_name": subject,
        }, SCRIPT)
        write_yaml(out / f"turkishmmlu_cot_{key}.yaml", {
            "include": "_turkishmmlu_cot_default_yaml", "task": f"turkishmmlu_cot_{key}",
            "dataset_name": subject, "description": descriptions[subject],
        }, SCRIPT)


if __name__ == "__main__":
    main()
