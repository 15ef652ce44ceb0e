"""Write the AIME task configs as lm-eval 0.4.13 has them: ``Question: <problem>⏎Answer:``,
greedy generation up to 32,768 new tokens (a long reasoning budget: ``lmeval ls`` and the docs
say so), stops ``Question:``, ``</s>``, ``<|im_end|>``, ``<|eot_id|>``; ``exact_match`` when the
answer (boxed, or between the first and last ``$``) is MATH-equivalent to the dataset's answer.
Zero-shot. Tagged ``math_word_problems`` as lm-eval tags them (the tag's other members are in
the classic and leaderboard packs).
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_yaml

SCRIPT = "aime.py"

#: task -> (dataset, split, problem column, answer column)
TASKS = {
    "aime": ("gneubig/aime-1983-2024", "train", "Question", "Answer"),
    "aime24": ("Maxwell-Jia/AIME_2024", "train", "Problem", "Answer"),
    "aime25": ("math-ai/aime25", "test", "problem", "answer"),
}


def config(task: str) -> dict:
    dataset, split, problem, answer = TASKS[task]
    return {
        "task": task, "tag": ["math_word_problems"], "dataset_path": dataset,
        "output_type": "generate_until",
        "training_split": split, "fewshot_split": split, "test_split": split,
        "doc_to_text": f"Question: {{{{{problem}}}}}\nAnswer:", "doc_to_target": f"{{{{{answer}}}}}",
        "process_results": Function("utils.process_results"),
        "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True}],
        "generation_kwargs": {"until": ["Question:", "</s>", "<|im_end|>", "<|eot_id|>"],
                              "do_sample": False, "temperature": 0.0, "max_gen_toks": 32768},
        "repeats": 1, "num_fewshot": 0, "metadata": {"version": 0.0},
    }


def task_names() -> list[str]:
    return list(TASKS)


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "aime")
    for task in TASKS:
        write_yaml(out / f"{task}.yaml", config(task), SCRIPT)
