"""ACPBench's boolean and multiple-choice tasks (chain-of-thought, 2-shot) from
``acpbench_shots.json`` (each task's two worked examples, as lm-eval 0.4.13 has them).

Seven planning questions (applicability, progression, reachability, action reachability,
validation, justification, landmarks), each as a yes/no and a four-option question, each a
dataset config of ``ibm-research/acp_bench`` named after the task. The answer is generated
after ``**Thoughts**:`` and pulled out by a regex (yes/no) or multi_choice_regex (letter).
"""

from __future__ import annotations

import json
from pathlib import Path

from _common import reset_dir, write_yaml

SCRIPT = "acpbench.py"
SHOTS = json.loads((Path(__file__).parent / "acpbench_shots.json").read_text(encoding="utf-8"))
#: file stem → the task-name part (lm-eval's names: acp_<part>_bool, acp_<part>_mcq)
QUESTIONS = {"app": "app", "prog": "prog", "reach": "reach", "act_reach": "areach", "val": "val",
             "just": "just", "land": "land"}

_PROMPT = "**Question**: {{context}}  {{question}} **Thoughts**:"
_STOPS = ["**Question**:", "**Question:**", "Q:", "\n\n\n\n"]
_ANSWER_IS = ("(?<=The answer is )(.*)(?=.)|(?<=the answer is )(.*)(?=.)|(?<=The answer: )(.*)(?=.)"
              "|(?<=The final answer: )(.*)(?=.)|(?<=..Final Answer..: )(.*)(?=.)"
              "|(?<=..answer..: )(.*)(?=.)|(?<=..Answer..: )(.*)(?=.)")

BOOL = {
    "tag": ["acp_bool_cot_2shot", "acp_bench"],
    "output_type": "generate_until",
    "dataset_path": "ibm-research/acp_bench",
    "test_split": "test",
    "num_fewshot": 2,
    "doc_to_target": "{{answer}}",
    "doc_to_text": _PROMPT,
    "filter_list": [{"name": "extract-yes-no", "filter": [
        {"function": "regex", "regex_pattern": f"({_ANSWER_IS}|\\b(Yes|No|yes|no)\\b)"},
        {"function": "take_first"}]}],
    "generation_kwargs": {"until": _STOPS, "do_sample": False, "temperature": 0.0, "max_gen_toks": 1024},
    "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                     "ignore_case": True, "ignore_punctuation": True}],
    "metadata": {"version": 1.0},
}

MCQ = {
    "tag": ["acp_mcq_cot_2shot", "acp_bench"],
    "output_type": "generate_until",
    "dataset_path": "ibm-research/acp_bench",
    "test_split": "test",
    "num_fewshot": 2,
    "doc_to_target": "{{answer}}",
    "doc_to_text": _PROMPT,
    "generation_kwargs": {"until": ["\n\n\n\n", "**Question**:", "**Question:**", "Q:"],
                          "do_sample": False, "temperature": 0.0, "max_gen_toks": 1024},
    "metric_list": [{"metric": "exact_match", "ignore_case": True, "ignore_punctuation": True,
                     "regexes_to_ignore": ["\\.$", ",", "\\\\", "\n", '"']}],
    "filter_list": [{"name": "mcq-extract", "filter": [
        {"function": "multi_choice_regex", "group_select": -1, "ignore_case": True,
         "ignore_punctuation": True,
         "regex_pattern": "(((?<=[answer is ])[A-D])|([A-D]\\n)|([A-D]\\.)|( [A-D] )|(^[A-D]$)"
                          "|(\\[[A-D]\\])|([A-D])|(?<=..Final Answer..: )(.*)(?=.)"
                          "|(?<=..answer..: )(.*)(?=.)|(?<=..Answer..: )(.*)(?=.))"},
        {"function": "take_first"}]}],
    "metadata": {"version": 1.0},
}


def main(root: Path) -> None:
    for kind, folder, template, base in (("bool", "boolq_cot_2shot", "_boolq_cot_2shot_yaml", BOOL),
                                         ("mcq", "mcq_cot_2shot", "_mcq_cot_2shot_yaml", MCQ)):
        out = reset_dir(root / "acpbench" / folder)
        write_yaml(out / template, base, SCRIPT,
                   "# ACPBench (Kokel et al., 2025, arXiv:2410.05669): reasoning about actions, change\n"
                   "# and planning, two worked examples (first_n) before each question.\n")
        for stem, part in QUESTIONS.items():
            name = f"acp_{part}_{kind}"
            cfg = {"task": name, "dataset_name": name, "include": template,
                   "fewshot_config": {"sampler": "first_n", "samples": SHOTS[kind][name]}}
            write_yaml(out / f"{stem}.yaml", cfg, SCRIPT)
