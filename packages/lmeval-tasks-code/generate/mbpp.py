"""MBPP (Austin et al. 2021) and MBPP+ (EvalPlus): write a function that passes three asserts.

The plain tasks use the paper's 3-shot prompt with ``[BEGIN]``/``[DONE]``; the ``_instruct`` ones
start a fenced code block for the model and execute the first block of the reply.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import Function, comment, custom_filter, reset_dir, write_yaml

SCRIPT = "mbpp.py"
TESTS = "{{test_list[0]}}\n{{test_list[1]}}\n{{test_list[2]}}"
PLUS_TEXT = "{{prompt if prompt is defined else text}}"


def target(fewshot_answer: str) -> str:
    """The code and ``fewshot_answer``'s closing mark for a few-shot example, else the asserts."""
    return "{% if is_fewshot is defined %}{{code}}\n" + fewshot_answer + "{% else %}" + TESTS + "{% endif %}"


def mbpp(task: str, text: str, answer_end: str, **middle: Any) -> dict[str, Any]:
    """A 3-shot MBPP task on the ``full`` test split; ``middle`` goes after the target."""
    return {
        "task": task,
        "dataset_path": "google-research-datasets/mbpp",
        "dataset_name": "full",
        "unsafe_code": True,
        "output_type": "generate_until",
        "test_split": "test",
        "doc_to_text": text,
        "doc_to_target": target(answer_end),
        **middle,
        "target_delimiter": "",
        "num_fewshot": 3,
        "fewshot_config": {"sampler": "first_n", "samples": Function("utils.list_fewshot_samples")},
    }


PASS_AT_1 = [{"metric": Function("utils.pass_at_1"), "aggregation": "mean", "higher_is_better": True}]


def main(root: Path) -> None:
    folder = reset_dir(root / "mbpp")
    intro = "You are an expert Python programmer, and here is your task:"
    write_yaml(folder / "mbpp.yaml", {
        **mbpp("mbpp", f"{intro} {{{{text}}}} Your code should pass these tests:\n\n{TESTS}\n[BEGIN]\n", "[DONE]"),
        "generation_kwargs": {"until": ["[DONE]"], "do_sample": False},
        "metric_list": PASS_AT_1,
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
MBPP (Austin et al. 2021, arXiv:2108.07732): the paper's 3-shot prompt (prompt-split tasks 2, 3
and 4), the test-split problem, the generated code executed against its three asserts.
"""))
    write_yaml(folder / "mbpp_instruct.yaml", {
        **mbpp("mbpp_instruct", f"{intro}\n{{{{text}}}}\nYour code should pass these tests:\n{TESTS}", "```",
               gen_prefix="\n```python\n"),
        "generation_kwargs": {"max_gen_toks": 256, "until": [], "do_sample": False},
        "filter_list": custom_filter("extract_code", "utils.build_predictions"),
        "metric_list": PASS_AT_1,
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
MBPP for chat/instruct models: the answer is started as a python code block (gen_prefix) and
the first code block of the reply is executed.
"""))
    write_yaml(folder / "mbpp_plus.yaml", {
        "include": "mbpp.yaml",
        "task": "mbpp_plus",
        "dataset_path": "evalplus/mbppplus",
        "dataset_name": None,
        "doc_to_text": f"{intro} {PLUS_TEXT} Your code should pass these tests:\n\n{TESTS}\n[BEGIN]\n",
    }, SCRIPT, comment("MBPP+ (EvalPlus, arXiv:2305.01210): the sanitized MBPP problems of EvalPlus, same prompt."))
    write_yaml(folder / "mbpp_plus_instruct.yaml", {
        "include": "mbpp_instruct.yaml",
        "task": "mbpp_plus_instruct",
        "dataset_path": "evalplus/mbppplus",
        "dataset_name": None,
        "doc_to_text": f"{PLUS_TEXT} Your code should satisfy the following assertion:\n{{{{test_list[0]}}}}",
        "doc_to_target": "{{test_list[0]}}",
        "gen_prefix": "Here is a solution to this programming problem:\n```python\n",
        "num_fewshot": 0,
        "generation_kwargs": {"max_gen_toks": 1024, "until": [], "do_sample": False},
    }, SCRIPT, comment("MBPP+ for chat/instruct models: 0-shot, the first assert shown, the first code block run."))
