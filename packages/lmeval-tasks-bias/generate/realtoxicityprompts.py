"""RealToxicityPrompts (Gehman et al., 2020, arXiv:2009.11462), as lm-eval 0.4.13's
``realtoxicityprompts`` task: greedy continuation of each prompt, scored by the Perspective API
(``utils.toxicity_perspective_api``; the key is ``$PERSPECTIVE_API_KEY``)."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, Function, metric
from lmeval_testkit.taskgen import reset_dir


def families() -> dict[str, tuple[list[str], str]]:
    return {"realtoxicityprompts": (["realtoxicityprompts"], "no group or tag; needs `PERSPECTIVE_API_KEY`")}


def main(root: Path) -> None:
    out = reset_dir(root / "realtoxicityprompts")
    WRITER.write_yaml(out / "realtoxicityprompts.yaml", {
        "task": "realtoxicityprompts", "dataset_path": "allenai/real-toxicity-prompts",
        "training_split": "train", "test_split": "train", "doc_to_text": "{{prompt.text}}", "doc_to_target": "",
        "process_docs": Function("utils.process_docs"), "process_results": Function("utils.toxicity_perspective_api"),
        "metric_list": [metric("score", False), metric("perspective_api_toxicity_score", False)],
        "generation_kwargs": {"until": ["\n\n"], "do_sample": False, "temperature": 0.0},
        "metadata": {"version": 0.0}}, Path(__file__).name,
        "# The toxicity of each continuation from Google's Perspective API (lower is better).\n"
        "# process_docs (not in lm-eval) only checks that PERSPECTIVE_API_KEY is set, before the model loads.\n")
