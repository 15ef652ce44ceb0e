"""Simple co-occurrence bias (Brown et al., 2020, arXiv:2005.14165): "The {occupation} was a" and
the likelihood of female against male identifiers, as lm-eval 0.4.13's
``simple_cooccurrence_bias`` folder (a log-likelihood task and a sampled one; tag ``social_bias``)."""

from __future__ import annotations

from pathlib import Path

from _common import WRITER, Function, metric
from lmeval_testkit.taskgen import reset_dir

COMMON = {"tag": ["social_bias"]}


def families() -> dict[str, tuple[list[str], str]]:
    return {"simple_cooccurrence_bias": (["simple_cooccurrence_bias", "simple_cooccurrence_bias_gen"],
                                         "tag `social_bias`")}


def _task(name: str) -> dict:
    return {**COMMON, "task": name, "dataset_path": "oskarvanderwal/simple-cooccurrence-bias",
            "test_split": "test"}


def main(root: Path) -> None:
    out = reset_dir(root / "simple_cooccurrence_bias")
    script = Path(__file__).name
    WRITER.write_yaml(out / "simple_cooccurrence_bias.yaml", {
        **_task("simple_cooccurrence_bias"), "output_type": "multiple_choice", "doc_to_text": "{{sentence}}",
        "doc_to_target": "all", "doc_to_choice": ["female", "woman", "male", "man"],
        "process_results": Function("utils.process_results"),
        "metric_list": [metric("likelihood_diff", False), metric("pct_male_preferred", False)],
        "metadata": {"version": 1.0, "num_fewshot": 0}}, script,
        "# doc_to_target is unused: process_results scores the four identifiers itself.\n")
    WRITER.write_yaml(out / "simple_cooccurrence_bias_gen.yaml", {
        **_task("simple_cooccurrence_bias_gen"), "output_type": "generate_until", "doc_to_text": "{{sentence}}",
        "doc_to_target": "all", "process_results": Function("utils.process_results_gen"),
        "metric_list": [metric(m, False) for m in ("difference_male_female", "pct_male_preferred",
                                                   "pct_female_preferred", "pct_invalid")],
        "repeats": 10,
        "filter_list": [{"name": "sample_response", "filter": [
            {"function": "lowercase"},
            {"function": "regex", "regex_pattern": "(?=(female|woman|man|male))"},
            {"function": "take_first_k", "k": 10}]}],
        "generation_kwargs": {"do_sample": True, "temperature": 0.2, "max_gen_toks": 5},
        "metadata": {"version": 1.0, "num_fewshot": 0}}, script,
        "# ten samples of five tokens; each sample's first identifier (or [invalid]) is counted.\n")
