"""Write the BIG-Bench Hard task configs (Suzgun et al., 2022, arXiv:2210.09261).

27 subtasks of ``SaylorTwift/bbh`` (the ``test`` split of each config) in four settings:

* ``zeroshot``      ``Q: <input>⏎A:``; filters ``strict-match`` (the raw answer) and
                    ``flexible-extract`` (a subtask-specific extractor, first match);
* ``fewshot``       the published 3 exemplars with their answers, same prompt;
* ``cot_zeroshot``  ``Q: <input>⏎A: Let's think step by step.``; ``flexible-extract`` (last
                    match) and ``strict-match`` (the text after "the answer is");
* ``cot_fewshot``   the published 3 chain-of-thought exemplars, ``...step by step.⏎``; filter
                    ``get-answer`` (after "the answer is"). The ``bbh`` group is this setting.

Descriptions and exemplars come from ``bbh_prompts.json``: the published chain-of-thought
prompts of the BBH authors (github.com/suzgunmirac/BIG-Bench-Hard at 9ee07bd: the prompt that
opens each ``code-davinci-002-outputs/code-davinci-002-cot/<task>_few_shot_template_*.json``),
split into the description and the three exemplars; ``target`` is each exemplar's final answer
(what follows "So the answer is"), the answer-only prompt of the paper. The five- and
seven-object variants of two tasks use the three-object exemplars, as in the paper.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from _common import GENERATED, TASKS_ROOT, reset_dir, write, write_yaml

SCRIPT = "bbh.py"
PROMPTS = Path(__file__).resolve().parent / "bbh_prompts.json"

# subtask -> kind of answer (chooses the flexible-extract filter)
SUBTASKS = {
    "boolean_expressions": "bool", "causal_judgement": "yes_no", "date_understanding": "choice",
    "disambiguation_qa": "choice", "dyck_languages": "dyck", "formal_fallacies": "valid",
    "geometric_shapes": "choice", "hyperbaton": "choice",
    "logical_deduction_five_objects": "choice", "logical_deduction_seven_objects": "choice",
    "logical_deduction_three_objects": "choice", "movie_recommendation": "choice",
    "multistep_arithmetic_two": "number", "navigate": "yes_no", "object_counting": "number",
    "penguins_in_a_table": "choice", "reasoning_about_colored_objects": "choice",
    "ruin_names": "choice", "salient_translation_error_detection": "choice",
    "snarks": "choice", "sports_understanding": "sports", "temporal_sequences": "choice",
    "tracking_shuffled_objects_five_objects": "choice",
    "tracking_shuffled_objects_seven_objects": "choice",
    "tracking_shuffled_objects_three_objects": "choice", "web_of_lies": "web_of_lies",
    "word_sorting": "sort",
}

ANSWER_IS = ("((?<=The answer is )(.*)(?=.)|(?<=the answer is )(.*)(?=.)"
             "|(?<=The answer: )(.*)(?=.)|(?<=The final answer: )(.*)(?=.))")


def extractor(kind: str, group_select: int) -> dict[str, Any]:
    """The first step of the ``flexible-extract`` pipeline for an answer kind."""
    regex = {
        "bool": r"\b(True|False)\b",
        "yes_no": r"\b(Yes|No|yes|no)\b",
        "valid": r"\b(valid|invalid)\b",
        "dyck": r"(?<= )([\" \[\(<{}>\)\]]+)|([\" \[\(<{}>\)\]]+)",
    }
    if kind in regex:
        return {"function": "regex", "group_select": group_select, "regex_pattern": regex[kind]}
    if kind == "choice":
        return {"function": "bbh_multiple_choice", "group_select": group_select,
                "ignore_case": True, "ignore_punctuation": True,
                "regex_pattern": r"(\([A-Z]\))"}
    if kind == "number":
        return {"function": "bbh_number", "group_select": group_select,
                "regex_pattern": "([-0-9]+)"}
    if kind == "sports":
        return {"function": "bbh_map_regex", "group_select": group_select, "ignore_case": True,
                "regex_pattern_to_value": {r"\b(no|not plausible)\b": "no",
                                           r"\b(yes|plausible)\b": "yes"}}
    if kind == "web_of_lies":
        return {"function": "bbh_map_regex", "group_select": group_select, "ignore_case": True,
                "regex_pattern_to_value": {
                    r"\b(no|does not tell the truth|is not telling the truth)\b": "no",
                    r"\b(yes|tells the truth|is telling the truth)\b": "yes"}}
    if kind == "sort":
        return {"function": "bbh_word_sort"}
    raise ValueError(kind)


def flexible(kind: str, group_select: int) -> dict[str, Any]:
    return {"name": "flexible-extract",
            "filter": [extractor(kind, group_select), {"function": "take_first"}]}


TEMPLATES = {
    "zeroshot": """\
# BBH zero-shot: the task description, then "Q: <input>\\nA:"; greedy answer.
dataset_path: SaylorTwift/bbh
output_type: generate_until
test_split: test
doc_to_text: "Q: {{input}}\\nA:"
doc_to_target: "{{target}}"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    regexes_to_ignore:
      - "\\\\.$"
      - ","
      - "\\n"
      - "\\\\\\\\"
      - '"'
generation_kwargs:
  until:
    - "</s>"
    - "Q:"
    - "<|im_end|>"
  do_sample: false
  temperature: 0.0
num_fewshot: 0
metadata:
  version: 3.0
""",
    "fewshot": """\
# BBH few-shot (answer only): the description, the 3 published exemplars with their answers,
# then "Q: <input>\\nA:"; exact match on the raw greedy answer.
dataset_path: SaylorTwift/bbh
output_type: generate_until
test_split: test
doc_to_text: "Q: {{input}}\\nA:"
doc_to_target: "{{target}}"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
generation_kwargs:
  until:
    - "</s>"
    - "Q"
    - "\\n\\n"
  do_sample: false
  temperature: 0.0
num_fewshot: 3
metadata:
  version: 2.0
""",
    "cot_zeroshot": """\
# BBH zero-shot chain of thought: "Q: <input>\\nA: Let's think step by step."
dataset_path: SaylorTwift/bbh
output_type: generate_until
test_split: test
doc_to_text: "Q: {{input}}\\nA: Let's think step by step."
doc_to_target: "{{target}}"
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
    ignore_case: true
    regexes_to_ignore:
      - "\\\\.$"
      - ","
      - "\\\\\\\\"
      - "\\n"
      - '"'
generation_kwargs:
  until:
    - "</s>"
    - "Q:"
    - "<|im_end|>"
  do_sample: false
  temperature: 0.0
num_fewshot: 0
metadata:
  version: 3.0
""",
    "cot_fewshot": """\
# BBH few-shot chain of thought (the paper's main setting): the description, the 3 published
# worked exemplars, then "Q: <input>\\nA: Let's think step by step.\\n". The exemplars'
# reasoning follows that line directly (empty target delimiter); the answer is read after
# "the answer is".
dataset_path: SaylorTwift/bbh
output_type: generate_until
test_split: test
doc_to_text: "Q: {{input}}\\nA: Let's think step by step.\\n"
doc_to_target: "{{target}}"
target_delimiter: ""
metric_list:
  - metric: exact_match
    aggregation: mean
    higher_is_better: true
generation_kwargs:
  max_gen_toks: 1024
  until:
    - "</s>"
    - "Q"
    - "\\n\\n"
  do_sample: false
  temperature: 0.0
filter_list:
  - name: "get-answer"
    filter:
      - function: "regex"
        regex_pattern: "(?<=the answer is )(.*)(?=.)"
      - function: "take_first"
num_fewshot: 3
metadata:
  version: 4.0
""",
}

# group name, setting, filter whose exact_match is aggregated (None: the only one)
GROUPS = [
    ("bbh_zeroshot", "zeroshot", "flexible-extract"),
    ("bbh_fewshot", "fewshot", None),
    ("bbh_cot_zeroshot", "cot_zeroshot", "flexible-extract"),
    ("bbh_cot_fewshot", "cot_fewshot", "get-answer"),
    ("bbh", "cot_fewshot", "get-answer"),
]


def subtask_config(setting: str, name: str, prompts: dict[str, Any]) -> dict[str, Any] | None:
    entry = prompts[name]
    cfg: dict[str, Any] = {
        "include": f"_{setting}_template_yaml",
        "task": f"bbh_{setting}_{name}",
        "dataset_name": name,
        "description": entry["description"] + "\n\n",
    }
    kind = SUBTASKS[name]
    if setting == "zeroshot":
        cfg["filter_list"] = [{"name": "strict-match", "filter": [{"function": "take_first"}]},
                              flexible(kind, 0)]
    elif setting == "cot_zeroshot":
        cfg["filter_list"] = [flexible(kind, -1), {
            "name": "strict-match",
            "filter": [{"function": "regex", "regex_pattern": ANSWER_IS},
                       {"function": "take_first"}]}]
    else:
        key = "target" if setting == "fewshot" else "cot_target"
        cfg["fewshot_config"] = {"sampler": "first_n", "samples": [
            {"input": shot["input"], "target": shot[key]} for shot in entry["shots"]]}
    return cfg


def main(root: Path = TASKS_ROOT) -> None:
    prompts = json.loads(PROMPTS.read_text(encoding="utf-8"))
    for setting, template in TEMPLATES.items():
        out = reset_dir(root / "bbh" / setting)
        write(out / f"_{setting}_template_yaml", GENERATED.format(script=SCRIPT) + template)
        for name in SUBTASKS:
            write_yaml(out / f"{name}.yaml", subtask_config(setting, name, prompts), SCRIPT)
    for group, setting, filter_name in GROUPS:
        entry: dict[str, Any] = {"metric": "exact_match", "aggregation": "mean",
                                 "weight_by_size": True}
        if filter_name:
            entry["filter_list"] = filter_name
        cfg = {"group": group, "task": [f"bbh_{setting}_{n}" for n in SUBTASKS],
               "aggregate_metric_list": [entry], "metadata": {"version": 3.0}}
        write_yaml(root / "bbh" / setting / f"_{group}.yaml", cfg, SCRIPT)


if __name__ == "__main__":
    main()
