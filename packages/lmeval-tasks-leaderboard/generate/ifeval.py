"""IFEval: ``ifeval`` (lm-eval 0.4.13's ``ifeval`` folder) and ``leaderboard_ifeval`` with its group
``leaderboard_instruction_following`` (the ``leaderboard/ifeval`` folder).

Both tasks give the prompt alone (zero-shot), generate up to 1,280 tokens greedily with no stop
sequence and score with :mod:`lmeval_tasks_leaderboard.ifeval` (``utils.py`` beside the YAML
re-exports its two functions).
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = Path(__file__).name
#: (task, its folder under tasks/, Hub dataset, metadata version, extra keys)
TASKS = (
    ("ifeval", "ifeval", "google/IFEval", 4.0, {}),
    ("leaderboard_ifeval", "leaderboard/ifeval", "wis-k/instruction-following-eval", 3.0,
     {"fewshot_config": {"sampler": "first_n"}}),
)
#: lm-eval's multilingual IFEval tasks, listed and refused in one line (``unavailable.py`` beside
#: them says why): their checks count words and sentences with spaCy pipelines that PyPI lacks
MULTILINGUAL = ("ifeval_es", "ifeval_ca")
METRICS = ("prompt_level_strict_acc", "inst_level_strict_acc", "prompt_level_loose_acc", "inst_level_loose_acc")


def task_config(name: str, dataset: str, version: float, extra: dict) -> dict:
    return {
        "task": name,
        "dataset_path": dataset,
        "dataset_name": None,
        "output_type": "generate_until",
        "test_split": "train",
        "num_fewshot": 0,
        "doc_to_text": "prompt",
        "doc_to_target": 0,
        "generation_kwargs": {"until": [], "do_sample": False, "temperature": 0.0, "max_gen_toks": 1280},
        "process_results": Function("utils.process_results"),
        "metric_list": [
            {"metric": m, "aggregation": "mean" if m.startswith("prompt") else Function("utils.agg_inst_level_acc"),
             "higher_is_better": True}
            for m in METRICS
        ],
        "metadata": {"version": version},
        **extra,
    }


def main(root: Path) -> None:
    for name, folder, dataset, version, extra in TASKS:
        out = reset_dir(root / folder)
        write_yaml(out / f"{name}.yaml", task_config(name, dataset, version, extra), SCRIPT)
    multilingual = reset_dir(root / "ifeval" / "multilingual")
    for name in MULTILINGUAL:
        write_yaml(multilingual / f"{name}.yaml",
                   {"task": name, "class": Function(f"unavailable.{name}"), "metadata": {"version": 1.0}},
                   SCRIPT, comment="# lm-eval 0.4.13's task of this name needs spaCy pipelines PyPI does not "
                                   "have; a run stops on it in one line (unavailable.py).\n")
    write_yaml(root / "leaderboard" / "ifeval" / "_leaderboard_instruction_following.yaml",
               {"group": "leaderboard_instruction_following", "task": ["leaderboard_ifeval"]}, SCRIPT)
