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

from _common import Function, reset_dir, write_yaml

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


def write_choice(root: Path) -> None:
    """The boolean and multiple-choice CoT tasks (ACPBench)."""
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


# -- ACPBench Hard: the generative questions (Kokel et al., 2025, arXiv:2503.24378) ------------

GEN_SHOTS = json.loads((Path(__file__).parent / "acpbench_gen_shots.json").read_text(encoding="utf-8"))
#: file stem → (task-name part, what the prompt asks for, ACP_grammar_filter's arguments)
_ONE_ACTION = "Each action starts with an opening parenthesis and ends with closing parenthesis."
GEN_QUESTIONS = {
    "act_reach": ("areach", f"{_ONE_ACTION} Provide one action or None.", {"grammar_task": "act"}),
    "app": ("app", f"{_ONE_ACTION} Provide only the actions.", {"grammar_task": "action_list"}),
    "just": ("just", "", {"grammar_task": "action_list", "clean": "simplified plan"}),
    "land": ("land", "Provide only the ground proposition or None.", {"grammar_task": "act"}),
    "next_act": ("nexta", f"{_ONE_ACTION} Provide only the action.", {"grammar_task": "action_name"}),
    "prog": ("prog", "Provide only the two lists with the ground propositions.",
             {"grammar_task": "progression_list", "clean": "pos_neg"}),
    "reach": ("reach", "Provide one proposition or None.", {"grammar_task": "act"}),
    "val": ("val", "Provide only the index of the action.", {"grammar_task": "index"}),
}
_PDDL_BLOCK = "# PDDL DOMAIN \n\n```\n{{PDDL_domain}}\n```\n\n# PDDL PROBLEM \n\n```\n{{PDDL_problem}}\n```\n\n"


def _gen_base(tags: list[str], description: str | None) -> dict:
    return {
        "tag": tags,
        "dataset_path": "ibm-research/acp_bench",
        "test_split": "test",
        **({"description": description} if description else {}),
        "doc_to_target": "{{answer}}",
        "output_type": "generate_until",
        "num_fewshot": 2,
        "generation_kwargs": {"until": ["\n\n\n\n", "\n\n", "**Question**:", "**Question:**", "Q:"],
                              "do_sample": False, "max_gen_toks": 1000, "temperature": 0.0},
        "metadata": {"version": 1.0},
        "process_results": Function("lmeval_tasks_classic.acpbench.scoring.process_results"),
        "metric_list": [{"metric": "score", "aggregation": "mean", "higher_is_better": True}],
    }


def _gen_prompt(ask: str, with_pddl: bool, stem: str) -> str:
    ask = f" {ask}" if ask else ""
    # lm-eval's applicability prompt with PDDL puts the final cue on its own line
    cue = " \n**Final Answer**:" if with_pddl and stem == "app" else " **Final Answer**:"
    return (_PDDL_BLOCK if with_pddl else "") + "**Question**: {{context}} {{question}}" + ask + cue


def write_generative(root: Path) -> None:
    """The generative tasks (ACPBench Hard), with and without the PDDL."""
    variants = (
        ("gen_2shot", "", ["acp_gen_2shot", "acp_bench_hard"], None),
        ("gen_2shot_with_pddl", "_with_pddl", ["acp_gen_2shot_with_pddl", "acp_bench_hard_with_pddl"],
         "Answer the question based on the provided PDDL domain and PDDL problem. The current state "
         "is the initial state described in the PDDL problem below.\n\n"),
    )
    for folder, suffix, tags, description in variants:
        out = reset_dir(root / "acpbench" / folder)
        write_yaml(out / "_gen_2shot_yaml", _gen_base(tags, description), SCRIPT,
                   "# ACPBench Hard (Kokel et al., 2025, arXiv:2503.24378): open answers about actions,\n"
                   "# change and planning, read by ACP_grammar_filter and checked on the PDDL task\n"
                   "# (planner included): needs lmeval-tasks-classic[acpbench].\n")
        for stem, (part, ask, grammar) in GEN_QUESTIONS.items():
            config = f"acp_{part}_gen"
            cfg = {"task": config + suffix, "dataset_name": config, "include": "_gen_2shot_yaml",
                   "fewshot_config": {"sampler": "first_n", "samples": GEN_SHOTS[folder][config + suffix]},
                   "doc_to_text": _gen_prompt(ask, bool(suffix), stem),
                   "filter_list": [{"name": "acp_grammar_parse", "filter": [
                       {"function": "ACP_grammar_filter", **grammar}, {"function": "take_first"}]}]}
            write_yaml(out / f"{stem}.yaml", cfg, SCRIPT)


def main(root: Path) -> None:
    write_choice(root)
    write_generative(root)
