"""Write the other MMLU variants of lm-eval 0.4.13's ``mmlu`` folder: continuation, generative,
flan n-shot (generative and loglikelihood), flan chain-of-thought zero-shot and few-shot.

Each variant has the 57 subjects of :mod:`mmlu` (same domains), one tag per domain and one group
whose four members are inline groups (``stem``, ``other``, ``social sciences``, ``humanities``)
over those tags. The flan CoT few-shot examples (question and worked answer, 4-5 per subject)
are the data of ``data/mmlu_flan_cot_fewshot.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, reset_dir, write_template, write_yaml
from mmlu import DOMAINS, SUBJECTS

SCRIPT = "mmlu_variants.py"
COT_SAMPLES = Path(__file__).resolve().parent / "data" / "mmlu_flan_cot_fewshot.json"

_FLAN_Q = ("Q: {{question.strip()}}\\n(A) {{choices[0]}} (B) {{choices[1]}} (C) {{choices[2]}} "
           "(D) {{choices[3]}}\\nA:")
_LETTERS = "\"{{['(A)', '(B)', '(C)', '(D)'][answer]}}\""
_MULTI_CHOICE = """\
  - name: "flexible-extract"
    filter:
      - function: "multi_choice_regex"
        group_select: {select}
        ignore_case: true
        ignore_punctuation: true
        regex_pattern: "(\\\\([A-Z]\\\\))"
      - function: "take_first"
"""

CONTINUATION = """\
# MMLU as continuation: the answer text itself is scored, no letters shown.
dataset_path: cais/mmlu
output_type: multiple_choice
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
doc_to_text: "Question: {{question.strip()}}\\nAnswer:"
doc_to_choice: "{{choices}}"
doc_to_target: "{{answer}}"
metadata:
  version: 1.0
"""

GENERATIVE = """\
# MMLU, generative: the model writes the letter; the first line, stripped, must equal it.
dataset_path: cais/mmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: generate_until
doc_to_text: "{{question.strip()}}\\nA. {{choices[0]}}\\nB. {{choices[1]}}\\nC. {{choices[2]}}\\nD. {{choices[3]}}\\nAnswer:"
doc_to_target: "{{['A', 'B', 'C', 'D'][answer]}}"
generation_kwargs:
  until:
    - "</s>"
    - "\\n"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_punctuation: true
    ignore_case: true
filter_list:
  - name: get_response
    filter:
      - function: "regex"
        regex_pattern: "^(.*?)(?=\\\\n|$)"
      - function: remove_whitespace
      - function: "regex"
        regex_pattern: "^(.*?)\\\\s*$"
      - function: take_first
metadata:
  version: 3.0
"""

FLAN_GENERATIVE = f"""\
# MMLU in the flan format, generative: the model writes "(X)".
dataset_path: cais/mmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: generate_until
doc_to_text: "{_FLAN_Q}"
doc_to_target: {_LETTERS}
filter_list:
  - name: "strict-match"
    filter:
      - function: "take_first"
{_MULTI_CHOICE.format(select=0)}generation_kwargs:
  until:
    - "</s>"
    - "Q:"
    - "<|im_end|>"
    - "\\n"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
metadata:
  version: 3.0
"""

FLAN_LOGLIKELIHOOD = f"""\
# MMLU in the flan format, scored by the log-likelihood of "(A)".."(D)".
dataset_path: cais/mmlu
test_split: test
fewshot_split: dev
fewshot_config:
  sampler: first_n
output_type: multiple_choice
doc_to_text: "{_FLAN_Q}"
doc_to_choice: ["(A)", "(B)", "(C)", "(D)"]
doc_to_target: answer
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 2.0
"""

FLAN_COT_ZEROSHOT = f"""\
# MMLU in the flan format, zero-shot chain of thought, scored on the `validation` split.
dataset_path: cais/mmlu
validation_split: validation
fewshot_split: dev
output_type: generate_until
doc_to_text: "{_FLAN_Q[:-2]}A: Let's think step by step."
doc_to_target: {_LETTERS}
filter_list:
  - name: "strict-match"
    filter:
      - function: "regex"
        regex_pattern: "((?<=The answer is )(.*)(?=.)|(?<=answer is )(.*)(?=.)|(?<=The answer: )(.*)(?=.)|(?<=The final answer: )(.*)(?=.))"
      - function: "take_first"
{_MULTI_CHOICE.format(select=-1)}generation_kwargs:
  until:
    - "</s>"
    - "Q:"
    - "<|im_end|>"
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
  version: 3.0
"""

FLAN_COT_FEWSHOT = f"""\
# MMLU in the flan format, chain of thought with each subject's worked examples (4 by default).
dataset_path: cais/mmlu
validation_split: validation
test_split: test
fewshot_config:
  sampler: first_n
output_type: generate_until
doc_to_text: "{{% if choices is defined%}}{_FLAN_Q[:-2]}A: Let's think step by step.{{% else %}}Q: {{{{ question.strip() }}}}\\nA:{{% endif %}}"
doc_to_target: "{{{{['(A)', '(B)', '(C)', '(D)'][answer] if answer is defined else target}}}}"
filter_list:
  - name: "get-answer"
    filter:
      - function: "regex"
        regex_pattern: "(?<=answer is )(.*)(?=.)"
      - function: "take_first"
generation_kwargs:
  until:
    - "</s>"
  do_sample: false
  temperature: 0.0
num_fewshot: 4
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    ignore_punctuation: true
metadata:
  version: 2.0
"""


def _description(subject: str, kind: str = "multiple choice questions") -> str:
    return f"The following are {kind} (with answers) about {subject.replace('_', ' ')}.\n\n"


# variant -> folder, template, task name, tag, group alias, aggregated metric, group version
VARIANTS: dict[str, dict[str, Any]] = {
    "continuation": dict(folder="mmlu_continuation", template=CONTINUATION,
                         task="mmlu_{s}_continuation", tag="mmlu_{d}_continuation",
                         alias="mmlu (continuation)", metric="acc", version=2),
    "generative": dict(folder="mmlu_generative", template=GENERATIVE, task="mmlu_{s}_generative",
                       tag="mmlu_{d}_generative", alias="mmlu (generative)", metric="exact_match",
                       filter="get_response", version=3, task_alias=True),
    "flan_n_shot_generative": dict(folder="mmlu_flan_n_shot/generative", template=FLAN_GENERATIVE,
                                   task="mmlu_flan_n_shot_generative_{s}",
                                   tag="mmlu_flan_n_shot_generative_{d}",
                                   alias="mmlu (flan style, generative)", metric="acc", version=2),
    "flan_n_shot_loglikelihood": dict(folder="mmlu_flan_n_shot/loglikelihood", template=FLAN_LOGLIKELIHOOD,
                                      task="mmlu_flan_n_shot_loglikelihood_{s}",
                                      tag="mmlu_flan_n_shot_loglikelihood_{d}",
                                      alias="mmlu (flan style, loglikelihood)", metric="acc", version=2),
    "flan_cot_zeroshot": dict(folder="mmlu_flan_cot_zeroshot", template=FLAN_COT_ZEROSHOT,
                              task="mmlu_flan_cot_zeroshot_{s}", tag="mmlu_flan_cot_zeroshot_{d}",
                              alias="mmlu (flan style, zeroshot cot)", metric="acc", version=2),
    "flan_cot_fewshot": dict(folder="mmlu_flan_cot_fewshot", template=FLAN_COT_FEWSHOT,
                             task="mmlu_flan_cot_fewshot_{s}", tag="mmlu_flan_cot_fewshot_{d}",
                             alias="mmlu (flan style, fewshot cot)", metric="acc", version=2,
                             top_metric="exact_match", top_filter="get-answer"),
}


def _aggregate(metric: str, filter_name: str | None, *, mean: bool = False) -> list[dict[str, Any]]:
    entry: dict[str, Any] = {"aggregation": "mean"} if mean else {}
    entry |= {"metric": metric, "weight_by_size": True}
    if filter_name:
        entry["filter_list"] = filter_name
    return [entry]


def group_config(name: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The variant's group: four inline domain groups over the tags, as lm-eval writes them.

    The flan groups aggregate ``acc`` though their generative members report ``exact_match``
    (lm-eval 0.4.13's files; kept so the same group scores print)."""
    members = [{"group": d.replace("_", " "), "task": [spec["tag"].format(d=d)],
                "aggregate_metric_list": _aggregate(spec["metric"], spec.get("filter"))}
               for d in DOMAINS]
    top_metric = spec.get("top_metric", spec["metric"])
    top_filter = spec.get("top_filter", spec.get("filter"))
    return {"group": name, "group_alias": spec["alias"], "task": members,
            "aggregate_metric_list": _aggregate(top_metric, top_filter, mean=top_filter is not None),
            "metadata": {"version": spec["version"]}}


def main(root: Path = TASKS_ROOT) -> None:
    samples = json.loads(COT_SAMPLES.read_text(encoding="utf-8"))
    for variant, spec in VARIANTS.items():
        out = reset_dir(root / spec["folder"])
        template = f"_{variant}_template_yaml"
        write_template(out / template, spec["template"], SCRIPT)
        for subject, domain in SUBJECTS.items():
            cfg: dict[str, Any] = {"include": template, "task": spec["task"].format(s=subject)}
            if spec.get("task_alias"):
                cfg["task_alias"] = subject
            cfg["tag"] = spec["tag"].format(d=domain)
            cfg["dataset_name"] = subject
            if variant == "flan_cot_fewshot":
                cfg["description"] = samples[subject]["description"]
                cfg["fewshot_config"] = {"sampler": "first_n", "samples": samples[subject]["samples"]}
            else:
                kind = "questions" if variant == "continuation" else "multiple choice questions"
                cfg["description"] = _description(subject, kind)
            write_yaml(out / f"{spec['task'].format(s=subject)}.yaml", cfg, SCRIPT)
        name = "mmlu_" + variant
        write_yaml(out / f"_{name}.yaml", group_config(name, spec), SCRIPT)


if __name__ == "__main__":
    main()
