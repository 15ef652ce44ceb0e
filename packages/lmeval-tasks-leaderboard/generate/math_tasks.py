"""Write the MATH families' configs as lm-eval 0.4.13 has them (Hendrycks et al., 2021).

(Not ``math.py``: this folder is on ``sys.path`` when the generators run, and that name would
shadow the standard library's ``math``.)

* ``minerva_math_<subject>`` (``EleutherAI/hendrycks_math``) and ``minerva_math500``
  (``HuggingFaceH4/MATH-500``): the Minerva prompt (``Problem:⏎<problem>⏎⏎Solution:``) after
  four fixed worked examples, greedy until ``Problem:``, ``exact_match`` and ``math_verify``;
  group ``minerva_math`` (lm-eval's ``benchmarks/minerva_math.yaml``: the seven subjects).
* ``hendrycks_math_<subject>`` and ``hendrycks_math500``: zero-shot ``Problem: <problem>⏎Answer:``,
  ``exact_match`` by the MATH dataset's string normalisation; group ``hendrycks_math``.
* ``leaderboard_math_<subject>_hard`` (``DigitalLearningGmbH/MATH-lighteval``, Level 5 rows):
  the Minerva prompt with the leaderboard's copy of the examples, up to 1,024 new tokens,
  ``exact_match`` (math-verify) and ``exact_match_original``; group ``leaderboard_math_hard``.

The minerva_math and hendrycks_math tasks (the 500-problem ones too) carry lm-eval's tag
``math_word_problems``, as lm-eval's do (through its ``*_algebra.yaml`` includes); its other
members (gsm8k, aime, ...) are in the classic and bbh packs.

The scoring lives in ``lmeval_tasks_leaderboard.math``; each folder's ``utils.py`` names it.
"""

from __future__ import annotations

from pathlib import Path

from _common import TASKS_ROOT, Function, reset_dir, write_yaml

SCRIPT = "math_tasks.py"

#: task-name suffix -> the Hub config of the subject
SUBJECTS = {
    "algebra": "algebra",
    "counting_and_prob": "counting_and_probability",
    "geometry": "geometry",
    "intermediate_algebra": "intermediate_algebra",
    "num_theory": "number_theory",
    "prealgebra": "prealgebra",
    "precalc": "precalculus",
}
#: the leaderboard spells one suffix out
LEADERBOARD_SUFFIX = {"precalc": "precalculus"}
MATH500 = {"dataset_path": "HuggingFaceH4/MATH-500", "dataset_name": "default", "training_split": None,
           "test_split": "test"}


def _metric(name: str) -> dict:
    return {"metric": name, "aggregation": "mean", "higher_is_better": True}


def _group(name: str, members: list[str], metrics: list[str], version: float | None) -> dict:
    out = {"group": name, "task": members,
           "aggregate_metric_list": [{"metric": m, "aggregation": "mean", "weight_by_size": True}
                                     for m in metrics]}
    if version is not None:
        out["metadata"] = {"version": version}
    return out


def _minerva_prompted(fewshot_samples: str) -> dict:
    """The fields the Minerva-prompted tasks share."""
    return {
        "doc_to_text": Function("utils.doc_to_text"),
        "process_results": Function("utils.process_results"),
        "doc_to_target": "{{answer if few_shot is undefined else solution}}",
    }, {"sampler": "first_n", "samples": Function(fewshot_samples)}


def minerva(task: str, subject: str) -> dict:
    fields, fewshot = _minerva_prompted("utils.list_fewshot_samples")
    return {
        "task": task, "tag": ["math_word_problems"],
        "dataset_path": "EleutherAI/hendrycks_math", "dataset_name": subject,
        "process_docs": Function("utils.process_docs"), "output_type": "generate_until",
        "training_split": "train", "test_split": "test", **fields,
        "generation_kwargs": {"until": ["Problem:"], "do_sample": False, "temperature": 0},
        "metric_list": [_metric("exact_match"), _metric("math_verify")],
        "num_fewshot": 4, "metadata": {"version": 3.1}, "fewshot_config": fewshot,
    }


def hendrycks(task: str, subject: str) -> dict:
    return {
        "task": task, "tag": ["math_word_problems"],
        "dataset_path": "EleutherAI/hendrycks_math", "dataset_name": subject,
        "process_docs": Function("utils.process_docs"), "output_type": "generate_until",
        "training_split": "train", "test_split": "test",
        "doc_to_text": "Problem: {{problem}}\nAnswer:",
        "process_results": Function("utils.process_results"), "doc_to_target": "{{answer}}",
        "generation_kwargs": {"until": ["Problem:"], "do_sample": False, "temperature": 0},
        "metric_list": [_metric("exact_match")], "metadata": {"version": 1.0},
    }


def leaderboard(task: str, subject: str) -> dict:
    fields, fewshot = _minerva_prompted("utils.list_fewshot_samples")
    return {
        "task": task, "dataset_path": "DigitalLearningGmbH/MATH-lighteval", "dataset_name": subject,
        "process_docs": Function("utils.process_docs"), "output_type": "generate_until",
        "training_split": "train", "test_split": "test", **fields,
        "generation_kwargs": {"until": ["Problem:"], "do_sample": False, "temperature": 0,
                              "max_gen_toks": 1024},
        "metric_list": [_metric("exact_match"), _metric("exact_match_original")],
        "num_fewshot": 4, "metadata": {"version": 3.0}, "fewshot_config": fewshot,
    }


def leaderboard_name(suffix: str) -> str:
    return f"leaderboard_math_{LEADERBOARD_SUFFIX.get(suffix, suffix)}_hard"


def task_names() -> list[str]:
    names = [f"{family}_{s}" for family in ("minerva_math", "hendrycks_math") for s in SUBJECTS]
    return names + ["minerva_math500", "hendrycks_math500"] + [leaderboard_name(s) for s in SUBJECTS]


def group_names() -> list[str]:
    return ["minerva_math", "hendrycks_math", "leaderboard_math_hard"]


def main(root: Path = TASKS_ROOT) -> None:
    for family, build in (("minerva_math", minerva), ("hendrycks_math", hendrycks)):
        out = reset_dir(root / family)
        members = []
        for suffix, subject in SUBJECTS.items():
            members.append(f"{family}_{suffix}")
            write_yaml(out / f"{family}_{suffix}.yaml", build(members[-1], subject), SCRIPT)
        write_yaml(out / f"{family}500.yaml", {**build(f"{family}500", "default"), **MATH500}, SCRIPT)
        metrics = ["exact_match", "math_verify"] if family == "minerva_math" else ["exact_match"]
        write_yaml(out / f"{family}.yaml", _group(family, members, metrics, 1.0), SCRIPT)
    out = reset_dir(root / "leaderboard" / "math")
    members = [leaderboard_name(s) for s in SUBJECTS]
    for name, subject in zip(members, SUBJECTS.values(), strict=True):
        write_yaml(out / f"{name}.yaml", leaderboard(name, subject), SCRIPT)
    write_yaml(out / "leaderboard_math_hard.yaml",
               _group("leaderboard_math_hard", members, ["exact_match"], None), SCRIPT)


if __name__ == "__main__":
    main()
