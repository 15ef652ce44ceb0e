"""The Inverse Scaling Prize tasks (McKenzie et al., 2023, arXiv:2306.09479) as lm-eval 0.4.13
registers them (its ``inverse_scaling`` folder): eleven multiple-choice tasks read from the
prize's Hub datasets, the prompt as context and each class as a continuation with no delimiter;
acc and acc_norm. Ten carry the tag ``inverse_scaling_mc``; winobias_antistereotype (its own
columns, ``text``/``target``, test split) carries none.
"""

from __future__ import annotations

from pathlib import Path

from _common import reset_dir, write_yaml

SCRIPT = "inverse_scaling.py"
METRICS = [{"metric": m, "aggregation": "mean", "higher_is_better": True} for m in ("acc", "acc_norm")]
#: task suffix → Hub dataset (split ``train``; columns prompt, classes, answer_index)
DATASETS = {
    "hindsight_neglect_10shot": "inverse-scaling/hindsight-neglect-10shot",
    "into_the_unknown": "Albertmade/into-the-unknown",
    "memo_trap": "Albertmade/memo-trap",
    "modus_tollens": "Albertmade/modus-tollens",
    "neqa": "inverse-scaling/NeQA",
    "pattern_matching_suppression": "Albertmade/pattern-matching-suppression",
    "quote_repetition": "inverse-scaling/quote-repetition",
    "redefine_math": "inverse-scaling/redefine-math",
    "repetitive_algebra": "Albertmade/repetitive-algebra",
    "sig_figs": "Albertmade/sig-figs",
}


def mc_task(name: str, path: str) -> dict:
    return {"tag": ["inverse_scaling_mc"], "task": f"inverse_scaling_{name}", "dataset_path": path,
            "output_type": "multiple_choice", "test_split": "train", "doc_to_text": "prompt",
            "doc_to_choice": "classes", "doc_to_target": "answer_index", "target_delimiter": "",
            "metric_list": METRICS, "metadata": {"version": 0}}


def winobias() -> dict:
    return {"task": "inverse_scaling_winobias_antistereotype",
            "dataset_path": "mathemakitten/winobias_antistereotype_test_v5", "output_type": "multiple_choice",
            "test_split": "test", "doc_to_text": "text", "doc_to_choice": "classes", "doc_to_target": "target",
            "metric_list": METRICS, "metadata": {"version": 0}}


def main(root: Path) -> None:
    out = reset_dir(root / "inverse_scaling")
    for name, path in DATASETS.items():
        write_yaml(out / f"{name}.yaml", mc_task(name, path), SCRIPT)
    write_yaml(out / "winobias_antistereotype.yaml", winobias(), SCRIPT)
