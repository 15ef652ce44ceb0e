"""Write the Spanish MMLU-Redux task configs, lm-eval 0.4.13's ``mmlu-redux-spanish`` folder
(``amias-mx/mmlu-redux-2.0-spanish``, config = MMLU subject, ``test`` only, zero-shot).

``mmlu_redux_spanish_generative``: the 57 subjects of :mod:`mmlu` as
``mmlu_<subject>_generative_spanish`` (tags ``mmlu_<domain>_generative_spanish``): the question,
options ``A.``..``D.`` and "Por favor, responde con la letra correcta (A, B, C o D) sin
absolutamente nada adicional, solo la letra correcta:"; the first capital A-D of the answer is
compared with the gold letter. The group holds the inline groups ``stem_spanish``,
``other_spanish`` and ``social sciences_spanish`` only: lm-eval's YAML comments the humanities
group out, so the 13 humanities tasks are run through their tag alone. One task keeps lm-eval's misspelt
name, ``mmlu_high_school_computer_science_generativ_spanishe``.

``mmlu_redux_spanish``: one log-likelihood task over the letters, on ``abstract_algebra``.
"""

from __future__ import annotations

from pathlib import Path

from _common import GENERATED, TASKS_ROOT, reset_dir, write, write_yaml
from mmlu import SUBJECTS

SCRIPT = "mmlu_redux_spanish.py"
HUB_ID = "amias-mx/mmlu-redux-2.0-spanish"
OPTIONS = "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\n"

TEMPLATE = f"""\
dataset_path: "{HUB_ID}"
test_split: test
dataset_kwargs:
  trust_remote_code: true
output_type: generate_until
doc_to_text: "{OPTIONS}Por favor, responde con la letra correcta (A, B, C o D) sin absolutamente nada adicional, solo la letra correcta:"
doc_to_target: "{{{{['A','B','C','D'][answer]}}}}"
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
  version: 3.0
"""

LOGLIKELIHOOD = f"""\
task: mmlu_redux_spanish
dataset_path: {HUB_ID}
dataset_name: abstract_algebra
test_split: test
output_type: multiple_choice
doc_to_text: "{OPTIONS}Answer:"
doc_to_choice: ["A", "B", "C", "D"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
dataset_kwargs:
  trust_remote_code: true
"""

# lm-eval 0.4.13's spelling of one task name, kept so that its name runs the same task here
MISSPELLED = {"high_school_computer_science": "mmlu_high_school_computer_science_generativ_spanishe"}

# inline groups of mmlu_redux_spanish_generative: group name -> the domain whose tag it holds
GROUPS = {"stem_spanish": "stem", "other_spanish": "other", "social sciences_spanish": "social_sciences"}


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "mmlu_redux_spanish")
    write(out / "_mmlu_redux_spanish_template_yaml", GENERATED.format(script=SCRIPT) + TEMPLATE)
    write(out / "mmlu_redux_spanish.yaml", GENERATED.format(script=SCRIPT) + LOGLIKELIHOOD)
    for subject, domain in SUBJECTS.items():
        name = MISSPELLED.get(subject, f"mmlu_{subject}_generative_spanish")
        write_yaml(out / f"mmlu_{subject}_generative_spanish.yaml", {
            "dataset_name": subject,
            "description": "The following are multiple choice questions (with answers) about "
                           f"{subject.replace('_', ' ')}.\n\n",
            "tag": f"mmlu_{domain}_generative_spanish",
            "include": "_mmlu_redux_spanish_template_yaml",
            "task": name,
            "task_alias": f"{subject}_spanish",
        }, SCRIPT)
    metric = [{"metric": "exact_match", "weight_by_size": True}]
    write_yaml(out / "_mmlu_redux_spanish_generative.yaml", {
        "group": "mmlu_redux_spanish_generative",
        "group_alias": "mmlu_redux_spanish (generative)",
        "task": [{"group": name, "task": [f"mmlu_{domain}_generative_spanish"], "aggregate_metric_list": metric}
                 for name, domain in GROUPS.items()],
        "aggregate_metric_list": [{"aggregation": "mean", "metric": "exact_match", "weight_by_size": True}],
        "metadata": {"version": 3},
    }, SCRIPT)


if __name__ == "__main__":
    main()
