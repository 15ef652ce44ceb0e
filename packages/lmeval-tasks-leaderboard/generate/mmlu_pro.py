"""Write the MMLU-Pro task configs (Wang et al., 2024, arXiv:2406.01574) as lm-eval 0.4.13 has
them: ``TIGER-Lab/MMLU-Pro``, one task per ``category`` of the ``test`` split, five
chain-of-thought examples of the same category (the first five of ``validation``: the prompt,
then the example's reasoning), a greedy generation up to 2,048 tokens stopped at ``Question:``;
``custom-extract`` takes the letter of ``answer is (X)`` and ``exact_match`` compares it (case
and punctuation ignored). Group ``mmlu_pro``: exact_match of ``custom-extract``, size-weighted.

The Open LLM Leaderboard's ``leaderboard_mmlu_pro`` (lm-eval's ``leaderboard/mmlu_pro``): every
category at once, the question with its ``X. option`` lines and ``Answer:``, the option letters
scored (``acc``), five shots: the first five documents of ``validation``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "mmlu_pro.py"
#: task suffix -> the dataset's ``category``
SUBJECTS = {
    "biology": "biology", "business": "business", "chemistry": "chemistry",
    "computer_science": "computer science", "economics": "economics", "engineering": "engineering",
    "health": "health", "history": "history", "law": "law", "math": "math", "other": "other",
    "philosophy": "philosophy", "physics": "physics", "psychology": "psychology",
}
DESCRIPTION = ("The following are multiple choice questions (with answers) about {subject}. Think step by "
               "step and then finish your answer with \"the answer is (X)\" where X is the correct letter "
               "choice.\n")

UTILS = '''"""MMLU-Pro's prompts and subject filters (``lmeval_tasks_leaderboard.mmlu_pro``) for the YAML
beside this file."""

from lmeval_tasks_leaderboard.mmlu_pro import doc_to_text, fewshot_to_target, in_category

{processors}

__all__ = [
    "doc_to_text",
    "fewshot_to_target",
{names}
]
'''


def config(suffix: str) -> dict[str, Any]:
    return {
        "task": f"mmlu_pro_{suffix}", "task_alias": suffix,
        "description": DESCRIPTION.format(subject=SUBJECTS[suffix]),
        "dataset_path": "TIGER-Lab/MMLU-Pro", "test_split": "test", "fewshot_split": "validation",
        "process_docs": Function(f"utils.process_{suffix}"),
        "fewshot_config": {"sampler": "first_n", "doc_to_text": Function("utils.doc_to_text"),
                           "doc_to_target": Function("utils.fewshot_to_target")},
        "output_type": "generate_until", "doc_to_text": Function("utils.doc_to_text"),
        "doc_to_target": "answer",
        "filter_list": [{"name": "custom-extract", "filter": [
            {"function": "regex", "regex_pattern": "answer is \\(?([ABCDEFGHIJ])\\)?"},
            {"function": "take_first"}]}],
        "generation_kwargs": {"until": ["Question:"], "max_gen_toks": 2048, "do_sample": False,
                              "temperature": 0.0},
        "num_fewshot": 5,
        "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                         "ignore_case": True, "ignore_punctuation": True}],
        "metadata": {"version": 3.1},
    }


def utils_module() -> str:
    processors = "\n".join(f'process_{s} = in_category("{c}")' for s, c in SUBJECTS.items())
    names = "\n".join(f'    "process_{s}",' for s in SUBJECTS)
    return UTILS.format(processors=processors, names=names)


LEADERBOARD_UTILS = '''"""The leaderboard's MMLU-Pro prompt (``lmeval_tasks_leaderboard.mmlu_pro``) for the YAML beside
this file."""

from lmeval_tasks_leaderboard.mmlu_pro import leaderboard_doc_to_choice as doc_to_choice
from lmeval_tasks_leaderboard.mmlu_pro import leaderboard_doc_to_text as doc_to_text

__all__ = ["doc_to_choice", "doc_to_text"]
'''


def leaderboard_config() -> dict[str, Any]:
    return {
        "task": "leaderboard_mmlu_pro", "dataset_path": "TIGER-Lab/MMLU-Pro", "test_split": "test",
        "fewshot_split": "validation", "fewshot_config": {"sampler": "first_n"},
        "output_type": "multiple_choice", "doc_to_text": Function("utils.doc_to_text"),
        "doc_to_choice": Function("utils.doc_to_choice"), "doc_to_target": "answer",
        "metric_list": [{"metric": "acc", "aggregation": "mean", "higher_is_better": True}],
        "num_fewshot": 5, "metadata": {"version": 0.1},
    }


def task_names() -> list[str]:
    return [f"mmlu_pro_{s}" for s in SUBJECTS] + ["leaderboard_mmlu_pro"]


def group_names() -> list[str]:
    return ["mmlu_pro"]


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "mmlu_pro")
    write_python(out / "utils.py", utils_module(), SCRIPT)
    for suffix in SUBJECTS:
        write_yaml(out / f"mmlu_pro_{suffix}.yaml", config(suffix), SCRIPT)
    write_yaml(out / "_mmlu_pro.yaml", {
        "group": "mmlu_pro", "task": [f"mmlu_pro_{s}" for s in SUBJECTS],
        "aggregate_metric_list": [{"aggregation": "mean", "metric": "exact_match", "weight_by_size": True,
                                   "filter_list": "custom-extract"}],
        "metadata": {"version": 2.0}}, SCRIPT)
    out = reset_dir(root / "leaderboard" / "mmlu_pro")
    write_python(out / "utils.py", LEADERBOARD_UTILS, SCRIPT)
    write_yaml(out / "leaderboard_mmlu_pro.yaml", leaderboard_config(), SCRIPT)
