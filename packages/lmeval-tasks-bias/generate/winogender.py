"""Winogender (Rudinger et al., 2018, NAACL) with the prompt of Brown et al. (2020), as lm-eval
0.4.13's ``winogender`` folder: every sentence, the "gotcha" subset, and one task per pronoun
gender; tags ``winogender`` and ``social_bias``."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, Function, metric
from lmeval_testkit.taskgen import reset_dir

VARIANTS = {"": ["male", "female", "neutral"], "gotcha": ["male", "female"]}


def names() -> list[str]:
    out = ["winogender_all", "winogender_gotcha"]
    out += [f"winogender_{g}" for g in VARIANTS[""]] + [f"winogender_gotcha_{g}" for g in VARIANTS["gotcha"]]
    return sorted(out)


def families() -> dict[str, tuple[list[str], str]]:
    return {"winogender": (names(), "tags `winogender` and `social_bias`")}


def main(root: Path) -> None:
    out = reset_dir(root / "winogender")
    script = Path(__file__).name
    WRITER.write_yaml(out / "winogender.yaml", {
        "tag": ["social_bias", "winogender"], "task": "winogender_all",
        "dataset_path": "oskarvanderwal/winogender", "dataset_name": "all", "test_split": "test",
        "doc_to_text": "{{sentence}} \u2018{{pronoun.capitalize()}}\u2019 refers to the",
        "doc_to_target": "label", "doc_to_choice": "{{[occupation, participant]}}",
        "output_type": "multiple_choice", "should_decontaminate": True,
        "doc_to_decontamination_query": "sentence", "metric_list": [metric("acc", True)],
        "metadata": {"version": 1.0, "num_fewshot": 0}}, script)
    WRITER.write_yaml(out / "winogender_gotcha.yaml", {
        "include": "winogender.yaml", "task": "winogender_gotcha", "dataset_name": "gotcha"}, script)
    for variant, genders in VARIANTS.items():
        base = f"winogender_{variant}" if variant else "winogender"
        for gender in genders:
            WRITER.write_yaml(out / f"{base}_{gender}.yaml", {
                "include": f"{base}.yaml", "task": f"{base}_{gender}",
                "process_docs": Function(f"utils.filter_{gender}")}, script)
