"""HumanEval (Chen et al. 2021) and HumanEval+ (EvalPlus): complete a function, run its tests.

``humaneval`` is greedy pass@1; ``humaneval_64`` samples 64 completions for pass@2..64; the
``_instruct`` variants show the problem in a fenced block and start the answer for the model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import comment, custom_filter, pass_at_k, reset_dir, write_yaml

SCRIPT = "humaneval.py"
#: The Codex paper's stop sequences: anything that starts a new top-level statement.
UNTIL = ["\nclass", "\ndef", "\n#", "\nif", "\nprint"]
INSTRUCTION = ("Write a solution to the following problem and make sure that it passes the tests:\n"
               "```python\n{{ prompt }}\n```\n")


def instruct(base: str, task: str, prefix_prompt: str, version: float) -> dict[str, Any]:
    """An instruct variant of ``base``: fenced problem, answer started with ``prefix_prompt``."""
    return {
        "include": base,
        "task": task,
        "doc_to_text": INSTRUCTION,
        "gen_prefix": f"Here is the completed function:\n```python\n{prefix_prompt}\n",
        "filter_list": custom_filter("create_test", "utils.build_predictions_instruct"),
        "metadata": {"version": version},
    }


def main(root: Path) -> None:
    folder = reset_dir(root / "humaneval")
    write_yaml(folder / "humaneval.yaml", {
        "task": "humaneval",
        "dataset_path": "openai/openai_humaneval",
        "unsafe_code": True,
        "output_type": "generate_until",
        "test_split": "test",
        "doc_to_text": "{{prompt}}",
        "doc_to_target": "{{test}}\ncheck({{entry_point}})",
        "num_fewshot": 0,
        "repeats": 1,
        "generation_kwargs": {"until": UNTIL, "max_gen_toks": 1024, "do_sample": False},
        "filter_list": custom_filter("create_test", "utils.build_predictions"),
        "metric_list": pass_at_k([1]),
        "metadata": {"version": 1.0},
    }, SCRIPT, comment("""
HumanEval (Chen et al. 2021, arXiv:2107.03374): complete the function from its signature and
docstring; the completion is executed against the problem's unit tests. Greedy, pass@1. The stop
sequences are the Codex paper's: anything that starts a new top-level statement.
"""))
    write_yaml(folder / "humaneval_64.yaml", {
        "include": "humaneval.yaml",
        "task": "humaneval_64",
        "repeats": 64,
        "generation_kwargs": {"until": UNTIL, "max_gen_toks": 1024, "do_sample": True, "temperature": 0.2,
                              "top_p": 0.95},
        "metric_list": pass_at_k([2, 8, 16, 32, 64]),
    }, SCRIPT, comment("64 samples per problem at T=0.2, top-p 0.95: pass@k for k up to 64 (unbiased estimator)."))
    write_yaml(folder / "humaneval_64_instruct.yaml",
               instruct("humaneval_64.yaml", "humaneval_64_instruct", "{{prompt}}", 3.0), SCRIPT,
               comment("humaneval_64 for chat/instruct models, as humaneval_instruct."))
    write_yaml(folder / "humaneval_instruct.yaml",
               instruct("humaneval.yaml", "humaneval_instruct", "{{ prompt }}", 4.0), SCRIPT, comment("""
HumanEval for chat/instruct models: the problem in a fenced block, the answer started for
the model (gen_prefix); the code is cut at the closing fence.
"""))
    write_yaml(folder / "humaneval_plus.yaml", {
        "include": "humaneval.yaml",
        "task": "humaneval_plus",
        "dataset_path": "evalplus/humanevalplus",
    }, SCRIPT, comment("HumanEval+ (EvalPlus, Liu et al. 2023, arXiv:2305.01210): the same problems, many more tests."))
