"""GSM8K's chain-of-thought variants of lm-eval 0.4.13 (its ``gsm8k`` folder), from the
hand-written ``gsm8k/gsm8k_cot.yaml`` (the eight exemplars of Wei et al. 2022):

* ``gsm8k_cot_zeroshot``: ``Q: …⏎A: Let's think step by step.``, no shots;
* ``gsm8k_cot_llama``: Llama 3's evaluation prompt, the exemplars ending "The final answer is N";
* ``gsm8k_cot_self_consistency``: gsm8k_cot sampled 64 times (temperature 0.2), scored on the
  first answer and by majority vote over 64 and over the first 8.

and lm-eval's ``gsm8k_platinum`` folder: the same five tasks (gsm8k, gsm8k_cot and the three
above) on ``madrylab/gsm8k-platinum`` (Vendrow et al. 2025), which has only a ``test`` split
(random shots come from it), and whose Llama variant keeps the default target delimiter and
version 3.0.

Tags as lm-eval's: ``math_word_problems`` (gsm8k, the zero-shot CoT), ``chain_of_thought`` (the
few-shot CoT, Llama and self-consistency variants), ``self_consistency``.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from _common import TASKS_ROOT, reset_dir, write_yaml

SCRIPT = "gsm8k.py"
FOLDER = "gsm8k_cot_variants"
PLATINUM = "gsm8k_platinum"
EXACT = {"metric": "exact_match", "aggregation": "mean", "higher_is_better": True, "ignore_case": True,
         "ignore_punctuation": False, "regexes_to_ignore": [",", "\\$", "(?s).*#### ", "\\.$"]}
FLEXIBLE = {"name": "flexible-extract", "filter": [
    {"function": "regex", "group_select": -1, "regex_pattern": "(-?[$0-9.,]{2,})|(-?[0-9]+)"},
    {"function": "take_first"}]}
COMMON = {"dataset_path": "openai/gsm8k", "dataset_name": "main", "output_type": "generate_until"}


def hand_written(name: str) -> dict:
    """A hand-written gsm8k config (always the package's, whatever ``root`` is written)."""
    return yaml.safe_load((TASKS_ROOT / "gsm8k" / f"{name}.yaml").read_text(encoding="utf-8"))


def cot() -> dict:
    return hand_written("gsm8k_cot")


def zeroshot() -> dict:
    return {"task": "gsm8k_cot_zeroshot", "tag": ["math_word_problems"], **COMMON,
            "training_split": "train", "fewshot_split": "train", "test_split": "test",
            "doc_to_text": "Q: {{question}}\nA: Let's think step by step.", "doc_to_target": "{{answer}}",
            "metric_list": [EXACT],
            "generation_kwargs": {"until": ["Q:", "</s>", "<|im_end|>"], "do_sample": False},
            "repeats": 1, "num_fewshot": 0,
            "filter_list": [{"name": "strict-match", "filter": [
                {"function": "regex", "regex_pattern": "The answer is (\\-?[0-9\\.\\,]+)."},
                {"function": "take_first"}]}, FLEXIBLE],
            "metadata": {"version": 3.0}}


def llama() -> dict:
    shots = [{"question": s["question"],
              "target": re.sub(r"The answer is (\d+)\.$", r"The final answer is \1", s["target"])}
             for s in cot()["fewshot_config"]["samples"]]
    return {"task": "gsm8k_cot_llama", "tag": ["chain_of_thought"], **COMMON, "test_split": "test",
            "doc_to_text": "Given the following problem, reason and give a final answer to the problem.\n"
                           "Problem: {{question}}\nYour response should end with \"The final answer is "
                           "[answer]\" where [answer] is the response to the problem.\n",
            "doc_to_target": "{{answer.split('####')[-1].strip() if answer is defined else target}}",
            "target_delimiter": "", "num_fewshot": 8,
            "fewshot_config": {"sampler": "first_n", "samples": shots},
            "filter_list": [{"name": "strict-match", "filter": [
                {"function": "regex", "group_select": -1,
                 "regex_pattern": "The final answer is ((-?[$0-9.,]{2,})|(-?[0-9]+))"},
                {"function": "take_first"}]}, FLEXIBLE],
            "generation_kwargs": {"do_sample": False, "until": [
                "<|eot_id|>", "<|start_header_id|>user<|end_header_id|>", "Q:", "</s>", "<|im_end|>"]},
            "metric_list": [EXACT], "repeats": 1, "metadata": {"version": 4.0}}


def self_consistency() -> dict:
    answer = {"function": "regex", "regex_pattern": "The answer is (\\-?[0-9\\.\\,]*[0-9]+)"}
    cfg = {k: v for k, v in cot().items() if k != "task"}
    cfg = {"task": "gsm8k_cot_self_consistency", **cfg}
    cfg.update({
        "tag": ["chain_of_thought", "self_consistency"],
        "generation_kwargs": {"until": ["Q:", "\n\n"], "do_sample": True, "temperature": 0.2},
        "repeats": 64,
        "filter_list": [
            {"name": "score-first", "filter": [answer, {"function": "take_first"}]},
            {"name": "maj@64", "filter": [answer, {"function": "majority_vote"}, {"function": "take_first"}]},
            {"name": "maj@8", "filter": [{"function": "take_first_k", "k": 8}, answer,
                                         {"function": "majority_vote"}, {"function": "take_first"}]}],
        "metadata": {"version": 2.0}})
    return cfg


def platinum(cfg: dict) -> dict:
    """A gsm8k config moved to GSM8K Platinum: ``gsm8k…`` → ``gsm8k_platinum…``, its dataset, and
    shots drawn from ``test`` (its only split) where the original draws them from ``train``."""
    out = {**cfg, "task": cfg["task"].replace("gsm8k", "gsm8k_platinum", 1),
           "dataset_path": "madrylab/gsm8k-platinum"}
    for key in ("training_split", "fewshot_split"):
        if key in out:
            out[key] = "test"
    return out


def platinum_configs() -> dict[str, dict]:
    """lm-eval's five gsm8k_platinum tasks, by file stem."""
    llama_cfg = {k: v for k, v in platinum(llama()).items() if k != "target_delimiter"}
    llama_cfg["metadata"] = {"version": 3.0}
    return {"gsm8k_platinum": platinum(hand_written("gsm8k")),
            "gsm8k_platinum_cot": platinum(cot()),
            "gsm8k_platinum_cot_zeroshot": platinum(zeroshot()),
            "gsm8k_platinum_cot_llama": llama_cfg,
            "gsm8k_platinum_cot_self_consistency": platinum(self_consistency())}


def main(root: Path) -> None:
    out = reset_dir(root / FOLDER)
    comment = "# GSM8K (Cobbe et al., 2021, arXiv:2110.14168), chain-of-thought variant.\n"
    write_yaml(out / "gsm8k_cot_zeroshot.yaml", zeroshot(), SCRIPT, comment)
    write_yaml(out / "gsm8k_cot_llama.yaml", llama(), SCRIPT, comment)
    write_yaml(out / "gsm8k_cot_self_consistency.yaml", self_consistency(), SCRIPT,
               comment + "# 64 sampled answers per question: a long run.\n")
    out = reset_dir(root / PLATINUM)
    comment = ("# GSM8K Platinum (Vendrow et al., 2025, arXiv:2502.03461): GSM8K's test set, revised\n"
               "# (its only split: random shots come from it too).\n")
    for stem, cfg in platinum_configs().items():
        extra = "# 64 sampled answers per question: a long run.\n" if "self_consistency" in stem else ""
        write_yaml(out / f"{stem}.yaml", cfg, SCRIPT, comment + extra)
