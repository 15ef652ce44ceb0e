"""CRUXEval (Gu et al. 2024): predict a function's output (``_output``) or an input for its output
(``_input``), as an assertion the pack re-executes against the function.

Each direction has the paper's 2-shot prompt at T=0.2 (pass@1), the same at T=0.8 (``_08``,
pass@5) and the chain-of-thought prompt with one worked example (``_cot``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Function, comment, custom_filter, pass_at_k, reset_dir, write_yaml

SCRIPT = "cruxeval.py"
COMMON = "_cruxeval_common_yaml"
ANSWER_TAGS = "[ANSWER] and [/ANSWER] tags"
OUTPUT_TASK = ("You are given a Python function and an assertion containing an input to the function. Complete "
               "the assertion with a literal (no unsimplified expressions, no function calls) containing the "
               "output when executing the provided code on the given input, even if the function is incorrect "
               "or incomplete. Do NOT output any extra information. ")
DESCRIPTIONS = {
    "output": OUTPUT_TASK + f"Provide the full assertion with the correct output in {ANSWER_TAGS}, following "
    "the examples.\n\n",
    "input": "You will be given a function f and an output in the form f(??) == output. Find any input such "
    "that executing f on the input leads to the given output. There may be multiple answers, but you should "
    f"only output one. In {ANSWER_TAGS}, complete the assertion with one such input that will produce the "
    "output when executing the function.\n\n",
    "output_cot": OUTPUT_TASK + "Execute the program step by step before arriving at an answer, and provide the "
    f"full assertion with the correct output in {ANSWER_TAGS}, following the examples.\n\n"
    '[PYTHON]\ndef f(s):\n    s = s + s\n    return "b" + s + "a"\nassert f("hi") == ??\n[/PYTHON]\n'
    "[THOUGHT]\nLet's execute the code step by step:\n\n"
    "1. The function f is defined, which takes a single argument s.\n"
    '2. The function is called with the argument "hi", so within the function, s is initially "hi".\n'
    '3. Inside the function, s is concatenated with itself, so s becomes "hihi".\n'
    '4. The function then returns a new string that starts with "b", followed by the value of s (which is '
    'now "hihi"), and ends with "a".\n'
    '5. The return value of the function is therefore "bhihia".\n'
    '[/THOUGHT]\n[ANSWER]\nassert f("hi") == "bhihia"\n[/ANSWER]\n\n',
    "input_cot": "You will be given a function f and an output in the form f(??) == output. Your task is to "
    "find any input such that executing f on the input leads to the given output. There may be multiple "
    f"answers, but only output one. First, think step by step. You MUST surround the answer with {ANSWER_TAGS}. "
    "Express your answer as a passing assertion containing the input and the given output.\n\n"
    "[PYTHON]\ndef f(x):\n    return x + 1\nassert f(??) == 17\n[/PYTHON]\n"
    "[THOUGHT]\nTo find an input such that executing f on the input leads to the given output, we can work "
    "backwards from the given assertion. We know that f(??) == 17. \n\n"
    "Since the function f(x) returns x + 1, for f(??) to be equal to 17, the value of ?? should be 16. \n"
    "[/THOUGHT]\n[ANSWER]\nassert f(16) == 17\n[/ANSWER]\n\n",
}
#: What the prompt's assertion shows, by direction: the model fills in the ``??``.
ASSERTIONS = {"output": "assert f({{input}}) == ??", "input": "assert f(??) == {{output}}"}
TARGET = "assert f({{input}}) == {{output}}"


def sampling(temperature: float, max_gen_toks: int = 1024) -> dict[str, Any]:
    return {"until": ["[/ANSWER]"], "max_gen_toks": max_gen_toks, "do_sample": True,
            "temperature": temperature, "top_p": 0.95}


def prompt(direction: str, opening: str) -> str:
    """The function and the assertion to complete, then ``opening`` (``[ANSWER]`` or ``[THOUGHT]``)."""
    return f"[PYTHON]\n{{{{code}}}}\n{ASSERTIONS[direction]}\n[/PYTHON]\n[{opening}]\n"


def two_shot(direction: str) -> dict[str, Any]:
    return {
        "include": COMMON,
        "task": f"cruxeval_{direction}",
        "description": DESCRIPTIONS[direction],
        "doc_to_text": prompt(direction, "ANSWER"),
        "doc_to_target": TARGET + "\n[/ANSWER]",
        "num_fewshot": 2,
        "fewshot_config": {"sampler": "first_n", "samples": Function(f"utils.fewshot_{direction}")},
        "filter_list": custom_filter("create_test", f"utils.build_{direction}_programs"),
    }


def hot(direction: str) -> dict[str, Any]:
    """The 2-shot task sampled at T=0.8, scored pass@5."""
    return {"include": f"cruxeval_{direction}.yaml", "task": f"cruxeval_{direction}_08",
            "generation_kwargs": sampling(0.8), "metric_list": pass_at_k([5])}


def cot(direction: str, **rest: Any) -> dict[str, Any]:
    """0-shot with the worked example in the description; ``rest`` after ``num_fewshot``."""
    return {
        "include": COMMON,
        "task": f"cruxeval_{direction}_cot",
        "description": DESCRIPTIONS[f"{direction}_cot"],
        "doc_to_text": prompt(direction, "THOUGHT"),
        "doc_to_target": TARGET,
        "num_fewshot": 0,
        **rest,
    }


def main(root: Path) -> None:
    folder = reset_dir(root / "cruxeval")
    write_yaml(folder / COMMON, {
        "dataset_path": "cruxeval-org/cruxeval",
        "unsafe_code": True,
        "output_type": "generate_until",
        "test_split": "test",
        "target_delimiter": "",
        "fewshot_delimiter": "\n\n",
        "repeats": 10,
        "generation_kwargs": sampling(0.2),
        "metric_list": pass_at_k([1]),
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
CRUXEval (Gu et al. 2024, arXiv:2401.03065): 800 short Python functions with one input/output
pair each. Prompts, stop word and scoring follow the paper's harness (facebookresearch/cruxeval):
the answer is an assertion, re-executed against the function (pass@k over 10 samples).
"""))
    write_yaml(folder / "cruxeval_input.yaml", two_shot("input"), SCRIPT, comment(
        "CRUXEval-I: find an input for which f returns the given output (2-shot, T=0.2, pass@1)."))
    write_yaml(folder / "cruxeval_input_08.yaml", hot("input"), SCRIPT,
               comment("CRUXEval-I at T=0.8: pass@5 over 10 samples."))
    write_yaml(folder / "cruxeval_input_cot.yaml", cot(
        "input", generation_kwargs=sampling(0.2, max_gen_toks=512),
        filter_list=custom_filter("create_test", "utils.build_input_programs_cot"), metric_list=pass_at_k([1, 5]),
    ), SCRIPT, comment("CRUXEval-I with chain of thought (0-shot, T=0.2, pass@1 and pass@5)."))
    write_yaml(folder / "cruxeval_output.yaml", two_shot("output"), SCRIPT, comment(
        "CRUXEval-O: predict the output of f on the given input (2-shot, T=0.2, pass@1)."))
    write_yaml(folder / "cruxeval_output_08.yaml", hot("output"), SCRIPT,
               comment("CRUXEval-O at T=0.8: pass@5 over 10 samples."))
    write_yaml(folder / "cruxeval_output_cot.yaml", cot(
        "output", filter_list=custom_filter("create_test", "utils.build_output_programs_cot"),
    ), SCRIPT, comment("""
CRUXEval-O with chain of thought: one worked example in the instruction, the model reasons in
[THOUGHT] and gives the assertion in [ANSWER] tags (0-shot, T=0.2, pass@1).
"""))
