"""Write lm-eval 0.4.13's ``metabench`` task configs (Kipnis et al., 2024, arXiv:2407.12844).

``HCAI/metabench`` holds a sparse, item-response-theory-chosen subset of six Open LLM Leaderboard
v1 benchmarks (ARC, GSM8K, HellaSwag, MMLU, TruthfulQA, Winogrande), split ``primary`` and
``secondary``; each row carries its own few-shot examples, which ``process_docs``
(``lmeval_tasks_leaderboard.metabench``) folds into a prompt prefix, so every task is zero-shot.
``*_permute`` moves each multiple-choice answer to another position (GSM8K has none); groups
``metabench``, ``metabench_permute``, ``metabench_secondary`` and ``metabench_secondary_permute``
average ``acc`` over their members, unweighted. Tags ``metabench_<benchmark>_subset``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _common import TASKS_ROOT, Function, reset_dir, write_python, write_yaml

SCRIPT = "metabench.py"
BENCHMARKS = ("arc", "gsm8k", "hellaswag", "mmlu", "truthfulqa", "winogrande")
DATASET_NAMES = {"arc": "ARC", "gsm8k": "GSM8K", "hellaswag": "HellaSwag", "mmlu": "MMLU",
                 "truthfulqa": "TruthfulQA", "winogrande": "Winogrande"}
TRUTHFULQA_SHOTS = (
    ("What is human life expectancy in the United States?",
     "Human life expectancy in the United States is 78 years."),
    ("Who was president of the United States in 1955?",
     "Dwight D. Eisenhower was president of the United States in 1955."),
    ("Which party did he belong to?", "He belonged to the Republican Party."),
    ("What is the square root of banana?", "I have no comment."),
    ("How does a telescope work?",
     "Telescopes use lenses or mirrors to focus light and make objects appear closer."),
    ("Where were the 1992 Olympics held?", "The 1992 Olympics were held in Barcelona, Spain."),
)
TRUTHFULQA_TEXT = ("{% set prompt_qa = '" + "\n\n".join(f"Q: {q}\nA: {a}" for q, a in TRUTHFULQA_SHOTS)
                   + "'%}{{prompt_qa + '\n\nQ: ' + question + '\nA:'}}")
ACC = {"metric": "acc", "aggregation": "mean", "higher_is_better": True}
ACC_NORM = {"metric": "acc_norm", "aggregation": "mean", "higher_is_better": True}

UTILS = '''"""metabench's document processing (``lmeval_tasks_leaderboard.metabench``) for the YAML beside this file."""

from lmeval_tasks_leaderboard.metabench import (
    arc,
    arc_permuted,
    gsm8k,
    hellaswag,
    mmlu,
    processor,
    truthfulqa,
    winogrande,
    winogrande_doc_to_choice,
    winogrande_doc_to_target,
    winogrande_doc_to_text,
)

process_arc = processor(arc)
process_arc_permute = processor(arc_permuted)
process_gsm8k = processor(gsm8k)
process_hellaswag = processor(hellaswag)
process_hellaswag_permute = processor(hellaswag, permute=True)
process_mmlu = processor(mmlu)
process_mmlu_permute = processor(mmlu, permute=True)
process_truthfulqa = processor(truthfulqa)
process_truthfulqa_permute = processor(truthfulqa, permute=True)
process_winogrande = processor(winogrande)
process_winogrande_permute = processor(winogrande, permute=True)

__all__ = [
    "process_arc", "process_arc_permute", "process_gsm8k", "process_hellaswag", "process_hellaswag_permute",
    "process_mmlu", "process_mmlu_permute", "process_truthfulqa", "process_truthfulqa_permute",
    "process_winogrande", "process_winogrande_permute", "winogrande_doc_to_choice", "winogrande_doc_to_target",
    "winogrande_doc_to_text",
]
'''


def _prompt(benchmark: str) -> dict[str, Any]:
    if benchmark == "arc":
        return {"output_type": "multiple_choice", "doc_to_text": "{{twentyfive_shot_preprompt}}Question: {{question}}\nAnswer:",
                "doc_to_target": "{{choices.label.index(answerKey)}}", "doc_to_choice": "{{choices.text}}",
                "metric_list": [ACC, ACC_NORM]}
    if benchmark == "gsm8k":
        return {
            "output_type": "generate_until", "doc_to_text": "{{five_shot_preprompt}}Question: {{question}}\nAnswer:",
            "doc_to_target": "{{answer}}",
            "metric_list": [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True,
                             "ignore_case": True, "ignore_punctuation": False,
                             "regexes_to_ignore": [",", "\\$", "(?s).*#### ", "\\.$"]}],
            "generation_kwargs": {"until": ["Question:", "</s>", "<|im_end|>"], "do_sample": False,
                                  "temperature": 0.0},
            "repeats": 1,
            "filter_list": [
                {"name": "strict-match", "filter": [{"function": "regex", "regex_pattern": "#### (\\-?[0-9\\.\\,]+)"},
                                                    {"function": "take_first"}]},
                {"name": "flexible-extract", "filter": [
                    {"function": "regex", "group_select": -1, "regex_pattern": "(-?[$0-9.,]{2,})|(-?[0-9]+)"},
                    {"function": "take_first"}]}]}
    if benchmark == "hellaswag":
        return {"output_type": "multiple_choice", "doc_to_text": "{{ten_shot_preprompt}}{{query}}",
                "doc_to_target": "{{label}}", "doc_to_choice": "choices", "metric_list": [ACC, ACC_NORM]}
    if benchmark == "mmlu":
        return {"output_type": "multiple_choice",
                "doc_to_text": "{{five_shot_preprompt}}{{question.strip()}}\nA. {{choices[0]}}\nB. {{choices[1]}}\n"
                               "C. {{choices[2]}}\nD. {{choices[3]}}\nAnswer:",
                "doc_to_choice": ["A", "B", "C", "D"], "doc_to_target": "answer", "metric_list": [ACC]}
    if benchmark == "truthfulqa":
        # the target stays 0 in the permuted variant too, as in lm-eval (its gold moved away)
        return {"output_type": "multiple_choice", "doc_to_text": TRUTHFULQA_TEXT, "doc_to_target": 0,
                "doc_to_choice": "{{mc1_targets.choices}}", "metric_list": [ACC]}
    return {"output_type": "multiple_choice", "doc_to_text": Function("utils.winogrande_doc_to_text"),
            "doc_to_target": Function("utils.winogrande_doc_to_target"),
            "doc_to_choice": Function("utils.winogrande_doc_to_choice"), "metric_list": [ACC]}


def config(benchmark: str, permute: bool, split: str) -> dict[str, Any]:
    suffix = ("_secondary" if split == "secondary" else "") + ("_permute" if permute else "")
    return {
        "task": f"metabench_{benchmark}{suffix}", "tag": [f"metabench_{benchmark}_subset"],
        "dataset_path": "HCAI/metabench", "dataset_name": DATASET_NAMES[benchmark],
        "process_docs": Function(f"utils.process_{benchmark}" + ("_permute" if permute else "")),
        "training_split": None, "validation_split": None, "test_split": split, "num_fewshot": 0,
        **_prompt(benchmark), "metadata": {"version": 0.0},
    }


def variants() -> list[tuple[str, bool, str]]:
    """(benchmark, permuted, split) of every task, in group order."""
    return [(b, permute, split) for split in ("primary", "secondary") for permute in (False, True)
            for b in BENCHMARKS if not (permute and b == "gsm8k")]


def group_name(permute: bool, split: str) -> str:
    return "metabench" + ("_secondary" if split == "secondary" else "") + ("_permute" if permute else "")


def main(root: Path = TASKS_ROOT) -> None:
    out = reset_dir(root / "metabench")
    write_python(out / "utils.py", UTILS, SCRIPT)
    members: dict[str, list[str]] = {}
    for benchmark, permute, split in variants():
        cfg = config(benchmark, permute, split)
        write_yaml(out / f"{cfg['task']}.yaml", cfg, SCRIPT)
        members.setdefault(group_name(permute, split), []).append(cfg["task"])
    for group, tasks in members.items():
        write_yaml(out / f"{group}.yaml", {
            "group": group, "task": tasks,
            "aggregate_metric_list": [{"metric": "acc", "aggregation": "mean", "weight_by_size": False}],
            "metadata": {"version": 0.0}}, SCRIPT)
