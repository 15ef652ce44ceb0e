"""The GPT-3 word-unscrambling tasks (Brown et al., 2020, arXiv:2005.14165) as lm-eval 0.4.13
registers them (its ``unscramble`` folder): five generate_until tasks on
``EleutherAI/unscramble`` (validation split), the context as prompt, greedy until a newline,
case- and punctuation-sensitive exact match; tag ``unscramble``.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml

SCRIPT = "unscramble.py"
#: task → dataset config
TASKS = {"anagrams1": "mid_word_1_anagrams", "anagrams2": "mid_word_2_anagrams",
         "cycle_letters": "cycle_letters_in_word", "random_insertion": "random_insertion_in_word",
         "reversed_words": "reversed_words"}


def config(task: str, name: str) -> dict:
    return {"tag": ["unscramble"], "task": task, "dataset_path": "EleutherAI/unscramble", "dataset_name": name,
            "output_type": "generate_until", "test_split": "validation", "doc_to_text": "{{context}}",
            "doc_to_target": "{{completion}}", "generation_kwargs": {"until": ["\n"]},
            "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                             "ignore_case": False, "ignore_punctuation": False}],
            "metadata": {"version": 2.0}}


def main(root: Path) -> None:
    out = reset_dir(root / "unscramble")
    for task, name in TASKS.items():
        write_yaml(out / f"{task}.yaml", config(task, name), SCRIPT)
