"""HRM8K (Ko et al. 2025, arXiv:2501.02448): five Korean math sets (group ``hrm8k``) and their English
originals (group ``hrm8k_en``), zero-shot, the answer in ``\\boxed{}``."""

from __future__ import annotations

from pathlib import Path

from _common import Fn, Tree

SETS = {"gsm8k": "GSM8K", "ksm": "KSM", "math": "MATH", "mmmlu": "MMMLU", "omni_math": "OMNI_MATH"}
EXACT = [{"metric": "exact_match", "aggregation": "mean", "higher_is_better": True}]


def hrm8k(tree: Tree) -> None:
    for folder, suffix in (("default", ""), ("en", "_en")):
        for name, config in SETS.items():
            text = "utils.doc_to_text_mmmlu" if name == "mmmlu" else "utils.doc_to_text"
            tree.write(f"hrm8k/{folder}/hrm8k_{name}{suffix}.yaml", {
                "task": f"hrm8k_{name}{suffix}", "dataset_path": "HAERAE-HUB/HRM8K", "dataset_name": config,
                "output_type": "generate_until", "test_split": "test", "doc_to_text": Fn(text),
                "doc_to_target": Fn("utils.doc_to_target"), "process_results": Fn("utils.process_results"),
                "num_fewshot": 0,
                "generation_kwargs": {"until": ["</s>", "<|end_of_text|>", "<|endoftext|>", "<|im_end|>"],
                                      "max_gen_toks": 2048, "do_sample": False, "temperature": 0},
                "metric_list": EXACT, "metadata": {"version": 1.1}})
        # lm-eval's group files carry a metric_list (no aggregate_metric_list): no group score
        tree.write(f"hrm8k/{folder}/hrm8k{suffix}.yaml", {
            "group": f"hrm8k{suffix}", "task": [f"hrm8k_{n}{suffix}" for n in SETS], "metric_list": EXACT,
            "metadata": {"version": 1.0}})
        lang = "_en" if suffix else ""
        tree.write_python(f"hrm8k/{folder}/utils.py", "\n".join([
            f'"""HRM8K{" (English originals)" if suffix else ""}: the prompt, the gold number, boxed-answer match."""',
            "", "from lmeval_tasks_multilingual import hrm8k", "",
            f"doc_to_text = hrm8k.doc_to_text{lang}", f"doc_to_text_mmmlu = hrm8k.doc_to_text_mmmlu{lang}",
            "doc_to_target = hrm8k.doc_to_target", "process_results = hrm8k.process_results", ""]))


FAMILIES = [hrm8k]


def main(root: Path) -> None:
    tree = Tree(root, Path(__file__).name)
    for family in FAMILIES:
        family(tree)
