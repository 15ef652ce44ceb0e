"""E2LM competition tasks (lm-eval 0.4.13's ``e2lmc`` folder): evaluations meant for models early in
training. ``mmlu_early_training`` scores MMLU by the gap between the gold answer's log-likelihood and
the mean of the others'; ``noor`` (12 STEM subjects of ``mdahba/noor_final2``) and
``sciknoweval_mcqa`` (four SciKnowEval subjects) are 5-shot multiple choice, first-n examples.
"""

from __future__ import annotations

from pathlib import Path

from _common import Function, reset_dir, write_yaml

SCRIPT = "e2lmc.py"
FOLDER = "e2lmc"
QUESTION = "Question: {{question.strip()}}\nAnswer:"
NOOR = ["abstract_algebra", "college_computer_science", "college_mathematics", "college_physics",
        "conceptual_physics", "electrical_engineering", "elementary_mathematics", "high_school_computer_science",
        "high_school_mathematics", "high_school_physics", "high_school_statistics", "machine_learning"]
SCIKNOWEVAL = ["Biology", "Chemistry", "Material", "Physics"]
FIVE_SHOT = {"num_fewshot": 5, "fewshot_config": {"sampler": "first_n"}}
MC = {"output_type": "multiple_choice", "doc_to_text": QUESTION, "doc_to_choice": "{{choices}}",
      "doc_to_target": "{{answer}}"}
ACC_BY_SIZE = [{"metric": "acc", "weight_by_size": True}]


def mmlu_early_training(out: Path) -> None:
    write_yaml(out / "mmlu_early_training" / "mmlu_early_training.yaml", {
        "task": "mmlu_early_training", "dataset_path": "giovanivaldrighi/mmlu", "test_split": "test",
        "fewshot_split": "dev", **FIVE_SHOT, "output_type": "multiple_choice",
        "description": "The following are multiple choice questions (with answers) about {{subject}}.\n\n",
        "doc_to_text": QUESTION, "doc_to_choice": "{{choices}}", "doc_to_target": "{{answer}}",
        # lm-eval's YAML spells it high_is_better, which lm-eval ignores (likelihood is higher-is-better
        # in its registry) and lmeval refuses as an unknown keyword: spelled right, same direction
        "metric_list": [{"metric": "likelihood", "aggregation": Function("custom_metrics.loglikelihood_diff"),
                         "higher_is_better": True}],
        "metadata": {"version": 1.0}, "dataset_kwargs": {"trust_remote_code": True}}, SCRIPT,
        "# MMLU for early training (giovanivaldrighi/mmlu): the gold answer's log-likelihood minus the\n"
        "# mean of the other answers', averaged (custom_metrics.py).\n")


def noor(out: Path) -> None:
    folder = reset_dir(out / "noor")
    write_yaml(folder / "_noor_template_yaml", {
        "dataset_path": "mdahba/noor_final2", **MC, "validation_split": "validation", "test_split": "test",
        "fewshot_split": "dev", **FIVE_SHOT,
        "metric_list": [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in ("acc", "acc_norm")]},
        SCRIPT, "# Noor (mdahba/noor_final2): MMLU-style STEM questions, 5-shot from dev.\n")
    for subject in NOOR:
        spoken = subject.replace("_", " ")
        write_yaml(folder / f"noor_{subject}.yaml", {
            "dataset_name": subject,
            "description": f"The following are multiple choice questions (with answers) about {spoken}.\n\n",
            "include": "_noor_template_yaml", "tag": "noor_stem_tasks", "task": f"noor_{subject}", "task_alias": spoken},
            SCRIPT)
    write_yaml(folder / "_noor_stem.yaml", {"group": "noor_stem", "group_alias": "stem", "task": ["noor_stem_tasks"],
                                            "aggregate_metric_list": ACC_BY_SIZE, "metadata": {"version": 2}}, SCRIPT)
    write_yaml(folder / "_noor.yaml", {
        "group": "noor", "group_alias": "noor",
        "task": [{"group": "stem", "task": ["noor_stem"], "aggregate_metric_list": ACC_BY_SIZE}],
        "aggregate_metric_list": ACC_BY_SIZE, "metadata": {"version": 2}}, SCRIPT)


def sciknoweval(out: Path) -> None:
    folder = reset_dir(out / "sciknoweval_mcqa")
    write_yaml(folder / "_var5shots_template_yaml", {
        "dataset_path": "ShAIkespear/SciKnowEval_mcqa", "output_type": "multiple_choice", "test_split": "test",
        "fewshot_split": "dev", **FIVE_SHOT, "doc_to_text": QUESTION, "doc_to_choice": "{{choices}}",
        "doc_to_target": "{{answer}}", "metadata": {"version": 1.0}, "dataset_kwargs": {"trust_remote_code": True}},
        SCRIPT, "# SciKnowEval multiple choice (ShAIkespear/SciKnowEval_mcqa); no metric_list: acc and acc_norm,\n"
                "# the multiple-choice defaults.\n")
    for subject in SCIKNOWEVAL:
        write_yaml(folder / f"sciknoweval_{subject}.yaml", {
            "dataset_name": subject,
            "description": f"The following are multiple choice questions (with answers) about {subject}.\n\n",
            "include": "_var5shots_template_yaml", "tag": "sciknoweval_mcqa_task",
            "task": f"sciknoweval_mcqa_var5shots_{subject}", "task_alias": subject}, SCRIPT)
    write_yaml(folder / "_sciknoweval_mcqa.yaml", {
        "group": "sciknoweval_mcqa", "group_alias": "sciknoweval_mcqa (var5shots)", "task": ["sciknoweval_mcqa_task"],
        "aggregate_metric_list": ACC_BY_SIZE, "metadata": {"version": 2}}, SCRIPT)


def main(root: Path) -> None:
    out = root / FOLDER
    reset_dir(out / "mmlu_early_training")
    mmlu_early_training(out)
    noor(out)
    sciknoweval(out)
